'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { vendorStatus } from '@/lib/selling/statuses';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';
import { useAdjustVendorBalance, useVendorChoices } from '@/features/money/api/admin-money';
import {
  ADJUSTMENT_FIELDS,
  adjustmentBody,
  adjustmentSchema,
  EMPTY_ADJUSTMENT,
  REASON_MAX,
  type AdjustmentFormInput,
  type AdjustmentFormValues,
} from '@/features/money/lib/adjustment-schema';

const FIELD_NAMES = Object.keys(ADJUSTMENT_FIELDS) as (keyof typeof ADJUSTMENT_FIELDS)[];

/**
 * "Adjust a vendor's balance": a credit (positive) or debit (negative) of their available balance
 * in rand, with the reason their statement shows. Checked here first; the API's field errors land
 * on the same inputs.
 */
export function AdjustmentForm() {
  const vendors = useVendorChoices();
  const adjust = useAdjustVendorBalance();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<AdjustmentFormInput, unknown, AdjustmentFormValues>({
    resolver: zodResolver(adjustmentSchema),
    defaultValues: EMPTY_ADJUSTMENT,
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setDone(null);
    const store = vendors.data?.find((vendor) => vendor.id === values.vendor_id)?.store_name ?? 'The vendor';
    adjust.mutate(
      { vendorId: values.vendor_id, adjustment: adjustmentBody(values) },
      {
        onSuccess: (balance) => {
          const summary = `${store} now has ${formatMoney(balance.available_cents)} available and ${formatMoney(balance.pending_cents)} pending.`;
          reset(EMPTY_ADJUSTMENT);
          setDone(summary);
          toast.success('Balance adjusted', { description: summary });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.fields) {
            const { byField, other } = splitFieldErrors(error.fields, FIELD_NAMES);
            for (const [name, message] of byField) setError(ADJUSTMENT_FIELDS[name], { message });
            const first = byField[0];
            if (first) setFocus(ADJUSTMENT_FIELDS[first[0]]);
            if (other.length > 0 || byField.length === 0) setFormError([error.message, ...other].join(' '));
          } else if (error instanceof ApiError && error.isNotFound) {
            setError('vendor_id', { message: 'This vendor no longer exists: choose another' });
          } else {
            setFormError(errorMessage(error, 'The balance could not be adjusted. Please try again.'));
          }
        },
      },
    );
  });

  return (
    <Panel
      title="Adjust a vendor’s balance"
      description="A correction to a vendor’s available balance, in rand: positive credits it, negative takes from it. The reason shows on their statement."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Adjust a vendor’s balance" className="flex flex-col gap-5">
        {formError ? (
          <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
            {formError}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
          <FormField
            label="Vendor"
            error={errors.vendor_id?.message ?? (vendors.isError ? errorMessage(vendors.error, 'The vendors could not be loaded') : undefined)}
          >
            <Select disabled={vendors.isPending} {...register('vendor_id')}>
              <option value="">{vendors.isPending ? 'Loading vendors…' : 'Choose a vendor'}</option>
              {(vendors.data ?? []).map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.status === 'approved' ? vendor.store_name : `${vendor.store_name} (${vendorStatus(vendor.status).label})`}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Amount (R)" error={errors.amount?.message} hint="e.g. 250.00 or -120.50">
            <Input type="text" inputMode="decimal" autoComplete="off" {...register('amount')} />
          </FormField>
        </div>
        <FormField label="Reason" error={errors.reason?.message} hint="3 to 500 characters, shown on the vendor’s statement.">
          <Textarea rows={3} maxLength={REASON_MAX} {...register('reason')} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" className="h-11" disabled={adjust.isPending}>
            {adjust.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Adjust balance
          </Button>
          <p role="status" className="text-sm text-neutral-700" data-testid="adjustment-done">
            {done}
          </p>
        </div>
      </form>
    </Panel>
  );
}
