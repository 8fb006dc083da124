'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import type { VendorOrder } from '@/features/fulfilment/api/fulfilment-types';
import type { useMoveVendorOrder } from '@/features/fulfilment/api/vendor-orders';
import { MOVE_DONE, REASON_MAX, reasonProblem } from '@/features/fulfilment/lib/order-moves';

/**
 * "Cancel order": the vendor's part of it, with the reason the customer is told, confirmed in a
 * dialog that says what follows (the stock returns, the customer is refunded this part).
 */
export function CancelPartDialog({
  order,
  move,
  onConflict,
}: {
  order: Pick<VendorOrder, 'order_number' | 'total_cents' | 'currency'>;
  move: ReturnType<typeof useMoveVendorOrder>;
  /** Says (or, with null, forgets) that the part moved meanwhile. */
  onConflict: (message: string | null) => void;
}) {
  const dialog = useConfirmState();
  const [reason, setReason] = useState('');
  const id = useId();
  const { error } = dialog;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) {
      dialog.setError(problem);
      return;
    }
    dialog.setError(null);
    onConflict(null);
    move.mutate(
      { status: 'cancelled', reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(MOVE_DONE.cancelled);
          dialog.close();
          setReason('');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) {
            dialog.close();
            onConflict(failure.message);
            return;
          }
          const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
          dialog.setError(typeof field === 'string' ? field : errorMessage(failure, 'The order could not be cancelled. Please try again.'));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-10">
          Cancel order
        </Button>
      }
      title={`Cancel order ${order.order_number}?`}
      description={`Your items in it are cancelled: their stock goes back into your inventory, and the customer is refunded ${formatMoney(order.total_cents, { code: order.currency })} for this part of the order. The customer is told the reason you give.`}
      confirmLabel="Yes, cancel order"
      cancelLabel="Keep order"
      formId={`${id}-form`}
      pending={move.isPending}
      testId="cancel-order-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-neutral-800">
          Reason
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="For example: out of stock after a miscount"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-sale">
            {error}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
