'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { bpsToPercentText, formatCommission, PERCENT_INVALID, percentToBps } from '@/lib/selling/commission';
import type { AdminVendor } from '@/lib/selling/types';
import { useVendorAction } from '@/features/admin/api/vendors';

export const REASON_REQUIRED = 'Give a reason for suspending the store';
export { PERCENT_INVALID };

/** A vendor's actions: suspend (with a reason, confirmed in a dialog) or reinstate, and the commission override. */
export function VendorActions({ vendor }: { vendor: AdminVendor }) {
  const action = useVendorAction(vendor.id);
  const [editingCommission, setEditingCommission] = useState(false);
  const suspended = vendor.status === 'suspended';

  const fail = (error: unknown) => toast.error('Error', { description: errorMessage(error, 'The change could not be saved') });

  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-neutral-200 pt-4">
      <div className="flex flex-wrap gap-2">
        {suspended ? (
          <Button
            variant="secondary"
            className="h-9"
            disabled={action.isPending}
            aria-label={`Reinstate ${vendor.store_name}`}
            onClick={() =>
              action.mutate(
                { kind: 'reinstate' },
                { onSuccess: () => toast.success(`${vendor.store_name} reinstated`), onError: fail },
              )
            }
          >
            Reinstate
          </Button>
        ) : (
          <SuspendDialog vendor={vendor} action={action} />
        )}
        {editingCommission ? null : (
          <Button
            variant="secondary"
            className="h-9"
            aria-label={`Set commission for ${vendor.store_name}`}
            onClick={() => setEditingCommission(true)}
          >
            Set commission
          </Button>
        )}
        {vendor.commission_rate_bps !== null && !editingCommission ? (
          <Button
            variant="secondary"
            className="h-9"
            disabled={action.isPending}
            aria-label={`Use the agreement rate for ${vendor.store_name}`}
            onClick={() =>
              action.mutate(
                { kind: 'commission', bps: null },
                { onSuccess: () => toast.success('Commission back to the agreement rate'), onError: fail },
              )
            }
          >
            Use agreement rate
          </Button>
        ) : null}
      </div>
      {editingCommission ? (
        <CommissionForm vendor={vendor} action={action} onDone={() => setEditingCommission(false)} />
      ) : null}
    </div>
  );
}

type Action = ReturnType<typeof useVendorAction>;

function CommissionForm({ vendor, action, onDone }: { vendor: AdminVendor; action: Action; onDone: () => void }) {
  const [text, setText] = useState(
    vendor.commission_rate_bps !== null ? bpsToPercentText(vendor.commission_rate_bps) : '',
  );
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const bps = percentToBps(text);
    if (bps === null) {
      setError(PERCENT_INVALID);
      return;
    }
    setError(null);
    action.mutate(
      { kind: 'commission', bps },
      {
        onSuccess: () => {
          toast.success(`Commission set to ${formatCommission(bps)}`);
          onDone();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.commission_rate_bps : undefined;
          setError(typeof field === 'string' ? field : errorMessage(failure, 'The commission could not be saved'));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label={`Commission for ${vendor.store_name}`}>
      <div className="w-48">
        <FormField label="Commission (%)" error={error ?? undefined}>
          <Input
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={bpsToPercentText(vendor.effective_commission_bps)}
            className="h-9"
            autoFocus
          />
        </FormField>
      </div>
      <div className="flex gap-2 pb-px">
        <Button type="submit" className="h-9" disabled={action.isPending}>
          Save commission
        </Button>
        <Button variant="secondary" className="h-9" onClick={onDone} disabled={action.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SuspendDialog({ vendor, action }: { vendor: AdminVendor; action: Action }) {
  const dialog = useConfirmState();
  const [reason, setReason] = useState('');
  const { error } = dialog;
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      dialog.setError(REASON_REQUIRED);
      return;
    }
    dialog.setError(null);
    action.mutate(
      { kind: 'suspend', reason: text },
      {
        onSuccess: () => {
          toast.success(`${vendor.store_name} suspended`);
          dialog.close();
          setReason('');
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
          dialog.setError(typeof field === 'string' ? field : errorMessage(failure, 'The store could not be suspended'));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Suspend ${vendor.store_name}`}>
          Suspend
        </Button>
      }
      title={`Suspend ${vendor.store_name}?`}
      description="Its products leave the listings, search and carts at once, until the store is reinstated."
      confirmLabel="Suspend store"
      formId={`${id}-form`}
      pending={action.isPending}
      testId="suspend-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-neutral-800">
          Reason
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
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
