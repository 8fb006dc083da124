'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { levelName } from '@/features/inventory/lib/inventory-list';
import { useAdjustStock, type AdminStockLevel } from '@/features/admin/api/stock';
import { checkReason, formatCount, REASON_MAX, REASON_MIN } from '@/features/admin/lib/user-words';

/** The API's range for a level. */
export const STOCK_MAX = 1_000_000_000;
export const LEVEL_NOT_WHOLE = `Enter a whole number from 0 to ${formatCount(STOCK_MAX)}`;

type Field = 'stock_quantity' | 'reason';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['stock_quantity', 'reason'];

/** A level as typed, or null when it is not a whole number in the API's range. */
export function parseLevel(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const level = Number(trimmed);
  return level <= STOCK_MAX ? level : null;
}

/** A 400's messages for the dialog's fields; none when the failure is not about them. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return {};
  const found: FieldErrors = {};
  for (const name of FIELDS) {
    const message = error.fields[name];
    if (typeof message === 'string') found[name] = message;
  }
  return found;
}

/**
 * "Adjust" on a level's row: a dialog setting the level by hand with a reason (kept in the stock
 * history and the audit log). Field errors show under their fields; anything else (a 409
 * "The level is already N", a 404) shows in the dialog.
 */
export function StockAdjustDialog({ level }: { level: AdminStockLevel }) {
  const id = useId();
  const adjust = useAdjustStock();
  const name = levelName(level);
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  function onOpenChange(next: boolean) {
    // Each opening starts from the level as the list shows it now.
    if (next) {
      setQuantity(String(level.stock_quantity));
      setReason('');
    }
    setFields({});
    setError(null);
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const stock = parseLevel(quantity);
    const checked = checkReason(reason);
    if (stock === null || 'error' in checked) {
      setFields({
        stock_quantity: stock === null ? LEVEL_NOT_WHOLE : undefined,
        reason: 'error' in checked ? checked.error : undefined,
      });
      return;
    }
    setFields({});
    setError(null);
    adjust.mutate(
      { product_id: level.product_id, variation_id: level.variation_id, stock_quantity: stock, reason: checked.reason },
      {
        onSuccess: ({ after }) => {
          toast.success(`Stock of ${name} set to ${formatCount(after)}`);
          setOpen(false);
        },
        onError: (failure) => {
          const found = fieldErrorsOf(failure);
          if (Object.keys(found).length > 0) setFields(found);
          else setError(errorMessage(failure, 'The level could not be saved. Please try again.'));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Adjust stock of ${name}`}>
          Adjust
        </Button>
      }
      title={`Adjust stock of ${name}`}
      description={`${level.vendor_name ?? 'Sold by the platform'}: ${formatCount(level.stock_quantity)} in stock now. The change shows in the stock movements, with your reason.`}
      confirmLabel="Save level"
      formId={`${id}-form`}
      pending={adjust.isPending}
      error={error}
      testId="stock-adjust-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="New level" error={fields.stock_quantity}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={STOCK_MAX}
            step={1}
            autoComplete="off"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            className="h-10 w-40"
          />
        </FormField>
        <FormField
          label="Reason"
          hint={`${REASON_MIN} to ${REASON_MAX} characters, kept in the audit log.`}
          error={fields.reason}
        >
          <Textarea rows={3} required maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      </form>
    </ConfirmDialog>
  );
}
