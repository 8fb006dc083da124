'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import type { Payout } from '@/features/money/api/money-types';
import { useSettlePayout } from '@/features/money/api/admin-money';
import { isReason, MONEY_MESSAGES, REASON_MAX } from '@/features/money/lib/adjustment-schema';

/**
 * A sent payout's settlement: "Mark paid" once the bank has paid it, or "Mark failed" with the
 * bank's reason (its money goes back to the vendor's available balance). Both ask first: a
 * settled payout cannot be settled again (409).
 */
export function SettleActions({ payout, onSettled }: { payout: Payout; onSettled: (payout: Payout) => void }) {
  const settle = useSettlePayout();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <MarkPaid payout={payout} settle={settle} onSettled={onSettled} />
      <MarkFailed payout={payout} settle={settle} onSettled={onSettled} />
    </div>
  );
}

type Settle = ReturnType<typeof useSettlePayout>;

function payoutText(payout: Payout): string {
  return `${formatMoney(payout.amount_cents)} to ${payout.account_holder} (account ending ${payout.account_number_last4})`;
}

/** The failure of a settlement: what the API said for a 4xx (a 409 says it is settled already). */
function settleFailure(error: unknown): string {
  return errorMessage(error, 'The payout could not be settled. Please try again.');
}

function MarkPaid({ payout, settle, onSettled }: { payout: Payout; settle: Settle; onSettled: (payout: Payout) => void }) {
  const dialog = useConfirmState();
  const confirm = () => {
    dialog.setError(null);
    settle.mutate(
      { id: payout.id, settlement: { status: 'paid' } },
      {
        onSuccess: (settled) => {
          dialog.close();
          onSettled(settled);
          toast.success(`Payout to ${payout.store_name} marked paid`);
        },
        onError: (error) => dialog.setError(settleFailure(error)),
      },
    );
  };
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Mark paid: ${payout.store_name}`}>
          Mark paid
        </Button>
      }
      title={`Mark the payout to ${payout.store_name} paid?`}
      description={`Only once the bank has paid ${payoutText(payout)}. A settled payout cannot be changed.`}
      confirmLabel="Mark paid"
      onConfirm={confirm}
      pending={settle.isPending}
      error={dialog.error}
      testId="mark-paid-dialog"
    />
  );
}

function MarkFailed({ payout, settle, onSettled }: { payout: Payout; settle: Settle; onSettled: (payout: Payout) => void }) {
  const dialog = useConfirmState();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  const formId = `${id}-form`;

  const onOpenChange = (open: boolean) => {
    dialog.onOpenChange(open);
    if (!open) setReasonError(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    dialog.setError(null);
    if (!isReason(reason)) {
      setReasonError(MONEY_MESSAGES.failedReason);
      return;
    }
    setReasonError(null);
    settle.mutate(
      { id: payout.id, settlement: { status: 'failed', reason: reason.trim() } },
      {
        onSuccess: (settled) => {
          dialog.close();
          setReason('');
          onSettled(settled);
          toast.success(`Payout to ${payout.store_name} marked failed`, {
            description: 'Its money is back in the vendor’s available balance for the next run.',
          });
        },
        onError: (error) => {
          const field = error instanceof ApiError && error.status === 400 ? error.fields?.reason : undefined;
          if (typeof field === 'string') setReasonError(field);
          else dialog.setError(settleFailure(error));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Mark failed: ${payout.store_name}`}>
          Mark failed
        </Button>
      }
      title={`Mark the payout to ${payout.store_name} failed?`}
      description={`The bank did not pay ${payoutText(payout)}: the amount goes back to the vendor’s available balance, to be paid by the next run.`}
      confirmLabel="Mark failed"
      formId={formId}
      pending={settle.isPending}
      error={dialog.error}
      testId="mark-failed-dialog"
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-neutral-800">
          Reason
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. The account is closed"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-error` : undefined}
        />
        {reasonError ? (
          <p id={`${id}-error`} className="text-sm font-medium text-sale">
            {reasonError}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
