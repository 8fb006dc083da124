'use client';

import { useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { estimateDelivery } from '@/lib/delivery';
import { formatMoney } from '@/lib/money';
import { useSaveShipping, useVendorShipping } from '@/features/shipping/api/shipping';
import type { VendorShipping } from '@/features/shipping/api/shipping-types';
import {
  deliveryPromise,
  SHIPPING_API_FIELDS,
  SHIPPING_FIELDS,
  shippingFormValues,
  shippingInput,
  shippingSchema,
  typedEstimateDays,
  type ShippingFormValues,
} from '@/features/shipping/lib/shipping-form';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /vendor/shipping: the vendor's delivery days (and the promise customers see from them), and
 * what their items cost to ship: their own flat rate and free-shipping threshold, or the
 * platform's. A vendor with terms of their own ships their part of an order on its own.
 */
export function ShippingPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorShipping();
  if (isPending) return <PageSkeleton label="Loading your shipping" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Shipping" />
        {error instanceof ApiError && error.isNotFound ? (
          <EmptyState title="No store yet">
            <p className="text-neutral-600">Shipping is set for your store, and you have none yet.</p>
            <Link href="/vendor/applications/" className={LINK}>
              See your applications
            </Link>
          </EmptyState>
        ) : (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </>
    );
  }
  return <ShippingForm shipping={data} />;
}

function ShippingForm({ shipping }: { shipping: VendorShipping }) {
  const save = useSaveShipping();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ShippingFormValues>({
    resolver: zodResolver(shippingSchema),
    defaultValues: shippingFormValues(shipping),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save.mutateAsync(shippingInput(values));
      reset(shippingFormValues(saved));
      toast.success('Shipping saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        // Keyed by the API's names, in the page's order; each goes under its input.
        const { byField, other } = splitFieldErrors(error.fields, SHIPPING_API_FIELDS);
        byField.forEach(([name, message], index) =>
          setError(SHIPPING_FIELDS[name], { message }, { shouldFocus: index === 0 }),
        );
        setFormErrors(other.length > 0 || byField.length === 0 ? [error.message, ...other] : []);
      } else {
        setFormErrors([errorMessage(error, 'Your shipping could not be saved. Please try again.')]);
      }
    }
  });

  const busy = isSubmitting || save.isPending;
  const usePlatformRate = watch('use_platform_rate');
  const usePlatformThreshold = watch('use_platform_threshold');
  const typed = typedEstimateDays(watch('standard_delivery_min_days'), watch('standard_delivery_max_days'));
  const estimate = typed
    ? estimateDelivery(...typed)
    : { min_business_days: shipping.estimate_min_business_days, max_business_days: shipping.estimate_max_business_days };
  const ownTerms = !usePlatformRate || !usePlatformThreshold;

  return (
    <>
      <PageHeader title="Shipping" description="How soon your items arrive, and what customers pay to ship them." />
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Shipping" className="flex flex-col gap-6">
        {formErrors.length > 0 ? (
          <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}

        <Panel
          title="Delivery time"
          description="Your usual time to deliver, in business days. Leave both empty for the platform's standard."
        >
          <div className="flex flex-col gap-4">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="Fewest business days" error={errors.standard_delivery_min_days?.message}>
                <Input type="text" inputMode="numeric" maxLength={2} {...register('standard_delivery_min_days')} />
              </FormField>
              <FormField label="Most business days" error={errors.standard_delivery_max_days?.message}>
                <Input type="text" inputMode="numeric" maxLength={2} {...register('standard_delivery_max_days')} />
              </FormField>
            </div>
            <p className="text-sm text-neutral-700">
              <span className="font-medium text-neutral-900" data-testid="delivery-promise">
                {deliveryPromise(estimate.min_business_days, estimate.max_business_days)}
              </span>{' '}
              (at least 3 to 7 days, plus a day to pack).
            </p>
          </div>
        </Panel>

        <Panel
          title="Shipping cost"
          description="Vendors on the platform's terms ship together: one charge for their items in an order, shared out between them."
        >
          <div className="flex flex-col gap-6">
            <AmountChoice
              legend="Flat rate"
              choice={register('use_platform_rate')}
              choiceLabel="Use the platform’s rate"
              platform={`Platform rate: ${formatMoney(shipping.platform.default_shipping_rate_cents)}`}
              platformTestId="platform-rate"
              usePlatform={usePlatformRate}
            >
              <FormField
                label="Your flat rate (R)"
                hint="Charged once for your part of an order."
                error={errors.flat_rate?.message}
              >
                <Input type="text" inputMode="decimal" placeholder="65.00" {...register('flat_rate')} />
              </FormField>
            </AmountChoice>
            <AmountChoice
              legend="Free shipping"
              choice={register('use_platform_threshold')}
              choiceLabel="Use the platform’s threshold"
              platform={`Platform threshold: ${formatMoney(shipping.platform.free_shipping_threshold_cents)}`}
              platformTestId="platform-threshold"
              usePlatform={usePlatformThreshold}
            >
              <FormField
                label="Free shipping from (R)"
                hint="Your part ships free when your items in an order come to this much."
                error={errors.free_shipping_threshold?.message}
              >
                <Input type="text" inputMode="decimal" placeholder="450.00" {...register('free_shipping_threshold')} />
              </FormField>
            </AmountChoice>
            {/* Always there (out of the flow while empty), so the line is announced when it appears. */}
            <p className={ownTerms ? 'text-sm text-neutral-700' : 'sr-only'} aria-live="polite" data-testid="own-terms-note">
              {ownTerms ? 'With terms of your own, your part of an order ships on its own, apart from other vendors’ items.' : ''}
            </p>
          </div>
        </Panel>

        <div>
          <Button type="submit" disabled={busy} className="h-11 min-w-36">
            {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            {busy ? 'Saving…' : 'Save shipping'}
          </Button>
        </div>
      </form>
    </>
  );
}

/** One amount: "use the platform's" (with the platform's value), or the vendor's own, typed below. */
function AmountChoice({
  legend,
  choice,
  choiceLabel,
  platform,
  platformTestId,
  usePlatform,
  children,
}: {
  legend: string;
  choice: UseFormRegisterReturn;
  choiceLabel: string;
  platform: string;
  platformTestId: string;
  usePlatform: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-neutral-900">{legend}</legend>
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="size-4 accent-brand-700" aria-describedby={`${id}-platform`} {...choice} />
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {choiceLabel}
        </label>
      </div>
      <p id={`${id}-platform`} className="text-sm text-neutral-600" data-testid={platformTestId}>
        {platform}
      </p>
      {usePlatform ? null : <div className="max-w-xs">{children}</div>}
    </fieldset>
  );
}
