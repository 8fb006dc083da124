'use client';

import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import type { VendorCoupon } from '@/features/coupons/api/coupon-types';
import { useCoupons, useDeleteCoupon } from '@/features/coupons/api/coupons';
import { CouponForm } from '@/features/coupons/components/coupon-form';
import {
  couponStatus,
  discountLabel,
  minimumSpendLabel,
  usesLabel,
  windowLabel,
} from '@/features/coupons/lib/coupon-form';

/** Which coupon the form is open on: a new one, one of the list's (its id), or none. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/**
 * /vendor/coupons/: the vendor's coupons, newest first (code, discount, minimum spend, window,
 * uses and status), with a form to add one or change one, and Delete for the ones never used.
 */
export function CouponsPage() {
  const coupons = useCoupons();
  const [editing, setEditing] = useState<Editing>(null);
  const { data, isPending, isError, error, refetch, isFetching } = coupons;
  const editingCoupon = editing?.kind === 'edit' ? (data?.items.find((coupon) => coupon.id === editing.id) ?? null) : null;
  const formOpen = editing?.kind === 'new' || editingCoupon !== null;
  const startNew = () => setEditing({ kind: 'new' });

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Codes customers type at checkout. A coupon takes off only your items in their cart."
        actions={
          data && data.items.length > 0 && !formOpen ? (
            <Button className="h-10" onClick={startNew}>
              <Plus aria-hidden="true" className="size-4" />
              New coupon
            </Button>
          ) : null
        }
      />
      <div className="flex flex-col gap-6">
        {formOpen ? (
          <Panel title={editingCoupon ? `Edit ${editingCoupon.code}` : 'New coupon'}>
            <CouponForm key={editingCoupon?.id ?? 'new'} coupon={editingCoupon} onDone={() => setEditing(null)} />
          </Panel>
        ) : null}
        {isPending ? (
          <ListSkeleton label="Loading your coupons" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          formOpen ? null : (
            <EmptyState title="No coupons yet">
              <p className="text-neutral-600">Make a code that takes a percentage or an amount off your items.</p>
              <Button className="h-10" onClick={startNew}>
                <Plus aria-hidden="true" className="size-4" />
                Create a coupon
              </Button>
            </EmptyState>
          )
        ) : (
          <CouponsTable
            coupons={data.items}
            updating={isFetching}
            onEdit={(coupon) => setEditing({ kind: 'edit', id: coupon.id })}
          />
        )}
      </div>
    </>
  );
}

function CouponsTable({
  coupons,
  updating,
  onEdit,
}: {
  coupons: VendorCoupon[];
  updating: boolean;
  onEdit: (coupon: VendorCoupon) => void;
}) {
  const now = Date.now();
  return (
    <ScrollTable label="Coupons table" className="relative rounded-xl border border-neutral-200 bg-white">
      <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Your coupons, newest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Code
            </th>
            <th scope="col" className="px-3 py-3">
              Discount
            </th>
            <th scope="col" className="px-3 py-3">
              Minimum spend
            </th>
            <th scope="col" className="px-3 py-3">
              Window
            </th>
            <th scope="col" className="px-3 py-3">
              Uses
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {coupons.map((coupon) => {
            const status = couponStatus(coupon, now);
            return (
              <tr key={coupon.id} data-testid="coupon-row">
                <td className="px-3 py-3 align-top">
                  <p className="font-mono font-semibold text-neutral-900" data-testid="coupon-code">
                    {coupon.code}
                  </p>
                  {coupon.description ? <p className="text-xs text-neutral-600">{coupon.description}</p> : null}
                </td>
                <td className="px-3 py-3 align-top font-medium tabular-nums" data-testid="coupon-discount">
                  {discountLabel(coupon)}
                </td>
                <td className="px-3 py-3 align-top tabular-nums" data-testid="coupon-minimum">
                  {minimumSpendLabel(coupon.min_spend_cents)}
                </td>
                <td className="px-3 py-3 align-top text-neutral-700" data-testid="coupon-window">
                  {windowLabel(coupon)}
                </td>
                <td className="px-3 py-3 align-top tabular-nums" data-testid="coupon-uses">
                  {usesLabel(coupon)}
                  {coupon.per_customer_limit !== null ? (
                    <span className="block text-xs text-neutral-600">{coupon.per_customer_limit} per customer</span>
                  ) : null}
                </td>
                <td className="px-3 py-3 align-top">
                  <StatusBadge label={status.label} tone={status.tone} />
                </td>
                <td className="px-3 py-3 align-top">
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button variant="secondary" className="h-9 px-3" aria-label={`Edit ${coupon.code}`} onClick={() => onEdit(coupon)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </Button>
                    {coupon.times_used === 0 ? <DeleteCoupon coupon={coupon} /> : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Delete, confirmed in a dialog; a coupon used meanwhile answers 409, whose message shows there. */
function DeleteCoupon({ coupon }: { coupon: VendorCoupon }) {
  const dialog = useConfirmState();
  const remove = useDeleteCoupon();

  function confirm() {
    dialog.setError(null);
    remove.mutate(coupon.id, {
      onSuccess: () => {
        toast.success(`${coupon.code} deleted`);
        dialog.close();
      },
      onError: (failure) => dialog.setError(errorMessage(failure, 'The coupon could not be deleted. Please try again.')),
    });
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9 px-3" aria-label={`Delete ${coupon.code}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title={`Delete ${coupon.code}?`}
      description="Customers can no longer use the code, and it leaves your list for good."
      error={dialog.error}
      confirmLabel="Delete coupon"
      onConfirm={confirm}
      pending={remove.isPending}
      testId="delete-coupon-dialog"
    />
  );
}
