'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { deliveryLabel, estimateDelivery } from '@/lib/delivery';
import { storePath } from '@/lib/paths';
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '@/lib/selling/social-links';
import type { StoreProfile } from '@/lib/selling/types';
import { profileInput, useSaveStoreProfile, useStoreProfile } from '@/features/vendor/api/store-profile';
import {
  MAX_DELIVERY_DAYS,
  MAX_TEXT,
  PROFILE_FIELDS,
  profileChanges,
  profileFormValues,
  splitFieldErrors,
  storeProfileSchema,
  type StoreProfileFormInput,
  type StoreProfileFormValues,
} from '@/features/vendor/lib/store-profile-schema';

const LINK = 'inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** /vendor/store: what the store page says: name, description, delivery, return policy and links. */
export function StoreProfilePage() {
  const { data, isPending, isError, error, refetch, isFetching } = useStoreProfile();
  if (isPending) return <PageSkeleton label="Loading your store" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Store" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <StoreProfileForm profile={data} />;
}

/** The link to the store's public page, for the store's pages in the vendor area. */
export function ViewStoreLink({ slug }: { slug: string }) {
  return (
    <Link href={storePath(slug)} className={LINK}>
      View your store
      <ExternalLink aria-hidden="true" className="size-4" />
    </Link>
  );
}

function StoreProfileForm({ profile }: { profile: StoreProfile }) {
  const save = useSaveStoreProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StoreProfileFormInput, unknown, StoreProfileFormValues>({
    resolver: zodResolver(storeProfileSchema),
    defaultValues: profileFormValues(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save.mutateAsync({ ...profileInput(profile), ...profileChanges(values) });
      reset(profileFormValues(saved));
      toast.success('Store saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, PROFILE_FIELDS);
        byField.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(other.length > 0 || byField.length === 0 ? [error.message, ...other] : []);
      } else {
        setFormErrors([errorMessage(error, 'Your store could not be saved. Please try again.')]);
      }
    }
  });

  const busy = isSubmitting || save.isPending;
  const minDays = watch('standard_delivery_min_days');
  const maxDays = watch('standard_delivery_max_days');
  const promise = deliveryPromise(minDays, maxDays);

  return (
    <>
      <PageHeader
        title="Store"
        description={
          <>
            What your store page at /store/{profile.store_slug} says. Its look (logo, banner, colour) is under{' '}
            <Link href="/vendor/store/customize/" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
              Customise store
            </Link>
            .
          </>
        }
        actions={<ViewStoreLink slug={profile.store_slug} />}
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Store profile" className="flex flex-col gap-6">
        {formErrors.length > 0 ? (
          <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}

        <Panel title="About your store">
          <div className="flex flex-col gap-5">
            <FormField label="Store name" error={errors.store_name?.message}>
              <Input type="text" autoComplete="organization" maxLength={60} {...register('store_name')} />
            </FormField>
            <FormField
              label="Description"
              error={errors.store_description?.message}
              hint="What you sell and what makes your store worth a visit (up to 2000 characters)."
            >
              <Textarea rows={5} maxLength={MAX_TEXT} {...register('store_description')} />
            </FormField>
          </div>
        </Panel>

        <Panel title="Delivery" description="Your usual time to deliver, in business days. Leave both empty for the site's standard.">
          <div className="flex flex-col gap-4">
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="Fewest business days" error={errors.standard_delivery_min_days?.message}>
                <Input type="text" inputMode="numeric" maxLength={2} {...register('standard_delivery_min_days')} />
              </FormField>
              <FormField label="Most business days" error={errors.standard_delivery_max_days?.message}>
                <Input type="text" inputMode="numeric" maxLength={2} {...register('standard_delivery_max_days')} />
              </FormField>
            </div>
            {promise ? (
              <p className="text-sm text-neutral-700" data-testid="delivery-promise">
                Shoppers are told: {promise} (at least 3 to 7 days, plus a day to pack).
              </p>
            ) : null}
          </div>
        </Panel>

        <Panel title="Return policy" description="Shown on your store page, under your products.">
          <FormField label="Return policy" error={errors.return_policy?.message} hint="Up to 2000 characters.">
            <Textarea rows={5} maxLength={MAX_TEXT} {...register('return_policy')} />
          </FormField>
        </Panel>

        <Panel title="Social links" description="Full https:// addresses. Leave one empty to remove it.">
          <div className="grid gap-5 sm:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <FormField key={network} label={SOCIAL_LABELS[network]} error={errors.social_links?.[network]?.message}>
                <Input
                  type="url"
                  inputMode="url"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  placeholder="https://"
                  maxLength={300}
                  {...register(`social_links.${network}`)}
                />
              </FormField>
            ))}
          </div>
        </Panel>

        <div>
          <Button type="submit" disabled={busy} className="h-11 min-w-36">
            {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            {busy ? 'Saving…' : 'Save store'}
          </Button>
        </div>
      </form>
    </>
  );
}

/** The promise shoppers would read for the days typed, or null while they are not valid yet. */
function deliveryPromise(min: string, max: string): string | null {
  const read = (value: string) => {
    const text = value.trim();
    if (text === '') return null;
    const days = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    return days >= 1 && days <= MAX_DELIVERY_DAYS ? days : undefined;
  };
  const [fewest, most] = [read(min), read(max)];
  if (fewest === undefined || most === undefined) return null;
  return deliveryLabel(estimateDelivery(fewest, most));
}
