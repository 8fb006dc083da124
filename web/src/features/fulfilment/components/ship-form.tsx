'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Truck } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';
import { useCouriers, type useMoveVendorOrder } from '@/features/fulfilment/api/vendor-orders';
import {
  EMPTY_SHIPMENT,
  MOVE_DONE,
  SHIP_FIELDS,
  shipMove,
  shipSchema,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
  type ShipFormValues,
} from '@/features/fulfilment/lib/order-moves';

/**
 * "Mark as shipped": the courier (from the API's list), the tracking number and, optionally, the
 * exact tracking link. Checked before sending; the API's field messages land on the same inputs,
 * and a 409 (the part moved meanwhile) goes to the page's alert.
 */
export function ShipForm({
  move,
  onConflict,
}: {
  move: ReturnType<typeof useMoveVendorOrder>;
  /** Says (or, with null, forgets) that the part moved meanwhile. */
  onConflict: (message: string | null) => void;
}) {
  const couriers = useCouriers();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ShipFormValues>({ resolver: zodResolver(shipSchema), defaultValues: EMPTY_SHIPMENT });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    onConflict(null);
    try {
      await move.mutateAsync(shipMove(values));
      toast.success(MOVE_DONE.shipped);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, SHIP_FIELDS);
        byField.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(other.length > 0 || byField.length === 0 ? [error.message, ...other] : []);
      } else {
        setFormErrors([errorMessage(error, 'The order could not be marked as shipped. Please try again.')]);
      }
    }
  });

  const busy = isSubmitting || move.isPending;
  const chosen = couriers.data?.find((courier) => courier.code === watch('courier'));
  const linkHint = chosen
    ? chosen.tracking_page
      ? `Leave it empty to send the customer to ${chosen.name}’s tracking page.`
      : 'Without a link the customer gets the tracking number only.'
    : 'The exact page where the customer follows this parcel, if you have one.';

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Mark as shipped"
      className="flex flex-col gap-4"
      data-testid="ship-form"
    >
      {formErrors.length > 0 ? (
        <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Courier"
          error={errors.courier?.message ?? (couriers.isError ? 'The couriers could not be loaded. Reload the page to try again.' : undefined)}
        >
          <Select disabled={!couriers.data} {...register('courier')}>
            <option value="">{couriers.isPending ? 'Loading couriers…' : 'Choose a courier'}</option>
            {couriers.data?.map((courier) => (
              <option key={courier.code} value={courier.code}>
                {courier.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Tracking number" error={errors.tracking_number?.message}>
          <Input type="text" autoComplete="off" maxLength={TRACKING_NUMBER_MAX} {...register('tracking_number')} />
        </FormField>
      </div>
      <FormField label="Tracking link (optional)" hint={linkHint} error={errors.tracking_url?.message}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          maxLength={TRACKING_URL_MAX}
          {...register('tracking_url')}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={busy} className="h-11">
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Truck aria-hidden="true" className="size-4" />}
          Mark as shipped
        </Button>
      </div>
    </form>
  );
}
