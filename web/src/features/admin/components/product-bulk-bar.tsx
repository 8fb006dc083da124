'use client';

import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import {
  useChangeProducts,
  type AdminProduct,
  type BulkProductAction,
  type BulkRow,
} from '@/features/admin/api/products';
import { ProductBulkRefusals, type RefusedProduct } from '@/features/admin/components/product-bulk-refusals';
import { rejectionFailure, RejectReasonDialog } from '@/features/admin/components/product-review-dialog';

/** What each change does, in the words of its toast ("3 products approved") and refusals. */
const DONE: Record<BulkProductAction, string> = {
  approve: 'approved',
  reject: 'sent back to draft',
  feature: 'featured',
  unfeature: 'unfeatured',
};

/** "1 product approved", "3 products sent back to draft". */
export function bulkDoneText(action: BulkProductAction, count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'} ${DONE[action]}`;
}

/** The refused rows by product name; the API words each refusal ("This product is not waiting for review"). */
function refusedProducts(rows: readonly BulkRow[], names: ReadonlyMap<string, string>): RefusedProduct[] {
  return rows
    .filter((row) => row.outcome === 'refused')
    .map((row) => ({
      id: row.id,
      name: names.get(row.id) ?? 'A product not on this page',
      message: row.message ?? row.code ?? 'Refused',
    }));
}

/** Why a change was refused as a whole: the API's word on a field it names (`ids`, `action`), else its message. */
function changeFailure(error: unknown): string {
  const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
  const field = fields.find((value) => typeof value === 'string');
  return typeof field === 'string' ? field : errorMessage(error, 'The products could not be changed. Please try again.');
}

/**
 * The selected products' changes: Approve, Reject… (with a reason, in a dialog), Feature and
 * Unfeature, all or nothing (POST /api/v1/admin/products/bulk). Applied: a toast, and the caller
 * clears the selection. Not applied: nothing changed, and the refused products are listed with
 * why, the selection kept. The bar shows while something is selected; the refusals stay until
 * dismissed or the next change.
 */
export function ProductBulkBar({
  selected,
  onApplied,
  onUntick,
}: {
  /** The selected products of this page. */
  selected: readonly AdminProduct[];
  onApplied: () => void;
  onUntick: (ids: string[]) => void;
}) {
  const change = useChangeProducts();
  const [refusal, setRefusal] = useState<{ action: BulkProductAction; refused: RefusedProduct[] } | null>(null);
  const count = selected.length;

  /** Sends the change for the selected products; a refusal of the whole (a 400, say) is thrown. */
  const send = async (action: BulkProductAction, reason?: string) => {
    setRefusal(null);
    // The names as they were when sent, for the refusals.
    const names = new Map(selected.map((product) => [product.id, product.name]));
    const ids = [...names.keys()];
    const result = await change.mutateAsync(reason === undefined ? { ids, action } : { ids, action, reason });
    if (result.applied) {
      toast.success(bulkDoneText(action, result.rows.length));
      onApplied();
    } else {
      setRefusal({ action, refused: refusedProducts(result.rows, names) });
    }
  };

  const run = (action: Exclude<BulkProductAction, 'reject'>) =>
    send(action).catch((error: unknown) => toast.error('Nothing was changed', { description: changeFailure(error) }));

  return (
    <>
      {count > 0 ? (
        <div
          role="toolbar"
          aria-label="Change the selected products"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-neutral-200 bg-white px-3 py-2"
          data-testid="bulk-bar"
        >
          <p className="mr-auto text-sm font-medium text-neutral-800" data-testid="selected-count">
            {count} selected
          </p>
          {change.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin text-neutral-500" /> : null}
          <Button className="h-9" disabled={change.isPending} onClick={() => void run('approve')}>
            Approve
          </Button>
          <RejectReasonDialog
            trigger={
              <Button variant="secondary" className="h-9" disabled={change.isPending}>
                Reject…
              </Button>
            }
            title={count === 1 ? 'Reject 1 product?' : `Reject ${count} products?`}
            description="They go back to draft and their vendors see your reason, so say what to change."
            pending={change.isPending}
            testId="bulk-reject-dialog"
            onSend={async (reason) => {
              try {
                await send('reject', reason);
                return null;
              } catch (failure) {
                return rejectionFailure(failure, 'The products could not be rejected');
              }
            }}
          />
          <Button variant="secondary" className="h-9" disabled={change.isPending} onClick={() => void run('feature')}>
            Feature
          </Button>
          <Button variant="secondary" className="h-9" disabled={change.isPending} onClick={() => void run('unfeature')}>
            Unfeature
          </Button>
        </div>
      ) : null}
      {refusal ? (
        <ProductBulkRefusals
          done={DONE[refusal.action]}
          refused={refusal.refused}
          onUntick={() => {
            onUntick(refusal.refused.map((row) => row.id));
            setRefusal(null);
          }}
          onDismiss={() => setRefusal(null)}
        />
      ) : null}
    </>
  );
}
