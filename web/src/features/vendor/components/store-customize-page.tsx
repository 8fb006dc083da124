'use client';

import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StoreHeader } from '@/components/store/store-header';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { parseHexColour } from '@/lib/colour';
import { estimateDelivery } from '@/lib/delivery';
import type { StoreProfile } from '@/lib/selling/types';
import { MediaPicker } from '@/features/media/components/media-picker';
import { profileInput, useSaveStoreProfile, useStoreProfile } from '@/features/vendor/api/store-profile';
import { ViewStoreLink } from '@/features/vendor/components/store-profile-page';
import {
  LOOK_FIELDS,
  lookChanges,
  lookFormValues,
  splitFieldErrors,
  storeLookSchema,
  type StoreLookFormInput,
  type StoreLookFormValues,
} from '@/features/vendor/lib/store-profile-schema';

/** What the colour picker shows while the store has no accent colour: the site's brand green. */
const SITE_ACCENT = '#065f46';

/**
 * /vendor/store/customize: the store's look (name, logo, banner, accent colour), with the store
 * page's own header as a live preview of the unsaved choices.
 */
export function StoreCustomizePage() {
  const { data, isPending, isError, error, refetch, isFetching } = useStoreProfile();
  if (isPending) return <PageSkeleton label="Loading your store" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Customise store" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <CustomizeForm profile={data} />;
}

function CustomizeForm({ profile }: { profile: StoreProfile }) {
  const save = useSaveStoreProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = useForm<StoreLookFormInput, unknown, StoreLookFormValues>({
    resolver: zodResolver(storeLookSchema),
    defaultValues: lookFormValues(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await save.mutateAsync({ ...profileInput(profile), ...lookChanges(values) });
      reset(lookFormValues(saved));
      toast.success('Store saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, LOOK_FIELDS);
        byField.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(other.length > 0 || byField.length === 0 ? [error.message, ...other] : []);
      } else {
        setFormErrors([errorMessage(error, 'Your store could not be saved. Please try again.')]);
      }
    }
  });

  const set = (name: 'store_logo_url' | 'store_banner_url' | 'accent_color', value: string | null) =>
    setValue(name, value as string, { shouldDirty: true, shouldValidate: isSubmitted });

  const name = watch('store_name');
  const logoUrl = watch('store_logo_url');
  const bannerUrl = watch('store_banner_url');
  const accentText = watch('accent_color');
  const accent = parseHexColour(accentText);
  const busy = isSubmitting || save.isPending;

  return (
    <>
      <PageHeader
        title="Customise store"
        description="Your store's name, logo, banner and colour. The preview shows your changes before you save them."
        actions={<ViewStoreLink slug={profile.store_slug} />}
      />
      <div className="flex flex-col gap-6">
        <Panel title="Preview" description="The top of your store page, as shoppers will see it.">
          <div data-testid="store-preview">
            <StoreHeader
              headingLevel="h3"
              name={name.trim() || profile.store_name}
              description={profile.store_description}
              logoUrl={logoUrl}
              bannerUrl={bannerUrl}
              accentColor={accent}
              delivery={estimateDelivery(profile.standard_delivery_min_days, profile.standard_delivery_max_days)}
              socialLinks={profile.social_links}
            />
          </div>
        </Panel>

        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Store look"
          className="flex flex-col gap-6"
        >
          {formErrors.length > 0 ? (
            <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
              {formErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}

          <Panel>
            <div className="flex flex-col gap-6">
              <FormField label="Store name" error={errors.store_name?.message}>
                <Input type="text" autoComplete="organization" maxLength={60} {...register('store_name')} />
              </FormField>

              <PictureChoice
                label="Logo"
                hint="Square works best; it is shown about 96 pixels wide."
                url={logoUrl}
                error={errors.store_logo_url?.message}
                pickerTitle="Choose your logo"
                onChange={(url) => set('store_logo_url', url)}
              />

              <PictureChoice
                label="Banner"
                hint="A wide picture across the top of your page, about four times as wide as it is tall."
                url={bannerUrl}
                error={errors.store_banner_url?.message}
                pickerTitle="Choose your banner"
                onChange={(url) => set('store_banner_url', url)}
                wide
              />

              <AccentColour
                text={accentText}
                accent={accent}
                error={errors.accent_color?.message}
                field={register('accent_color')}
                onPick={(hex) => set('accent_color', hex)}
              />
            </div>
          </Panel>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy} className="h-11 min-w-36">
              {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? 'Saving…' : 'Save store'}
            </Button>
            {isDirty && !busy ? (
              <p className="text-sm text-neutral-600" data-testid="unsaved-changes">
                You have unsaved changes.
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </>
  );
}

/** A picture of the store (logo or banner): the one chosen, a picker from the library, and removing it. */
function PictureChoice({
  label,
  hint,
  url,
  error,
  pickerTitle,
  onChange,
  wide = false,
}: {
  label: string;
  hint: string;
  url: string | null;
  error?: string;
  pickerTitle: string;
  onChange: (url: string | null) => void;
  wide?: boolean;
}) {
  const id = useId();
  const lower = label.toLowerCase();
  return (
    <fieldset aria-describedby={`${id}-hint`} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-neutral-800">{label}</legend>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {hint}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={`flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-neutral-200 bg-neutral-100 ${wide ? 'h-20 w-64 max-w-full' : 'size-20'}`}
        >
          {url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={url} alt={`Chosen ${lower}`} className={`size-full ${wide ? 'object-cover' : 'object-contain'}`} />
          ) : (
            <span className="px-2 text-center text-xs text-neutral-600">No {lower}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <MediaPicker
            title={pickerTitle}
            triggerLabel={url ? `Change ${lower}` : `Choose ${lower}`}
            selectedUrl={url}
            onPick={(item) => onChange(item.url)}
          />
          {url ? (
            <Button variant="secondary" className="h-10" onClick={() => onChange(null)}>
              Remove {lower}
            </Button>
          ) : null}
        </div>
      </div>
      {error ? <p className="text-sm font-medium text-sale">{error}</p> : null}
    </fieldset>
  );
}

/** The accent colour: a colour picker and its hex code, kept in step, and going back to the site's colour. */
function AccentColour({
  text,
  accent,
  error,
  field,
  onPick,
}: {
  text: string;
  accent: string | null;
  error?: string;
  field: UseFormRegisterReturn<'accent_color'>;
  onPick: (hex: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-neutral-800">Accent colour</legend>
      <p className="text-xs text-neutral-500">
        Colours the top edge of your page and your links; their text turns black or white to stay readable.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={accent ?? SITE_ACCENT}
          onChange={(event) => onPick(event.target.value)}
          className="h-11 w-16 cursor-pointer rounded-md border border-neutral-300 bg-white p-1"
        />
        <div className="w-40">
          <FormField label="Hex code" error={error}>
            <Input type="text" placeholder="#0f766e" maxLength={7} autoCapitalize="none" spellCheck={false} {...field} />
          </FormField>
        </div>
        {text.trim() !== '' ? (
          <Button variant="secondary" className="h-11" onClick={() => onPick('')}>
            Use the site&apos;s colour
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
