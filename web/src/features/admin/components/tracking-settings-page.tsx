'use client';

import type { Path } from 'react-hook-form';
import { Info } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type TrackingSettings, useSaveTrackingSettings, useTrackingSettings } from '@/features/admin/api/tracking';
import { SwitchField } from '@/features/admin/components/admin-form-parts';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import { ApiError } from '@/lib/api-client';

/**
 * The tracking form's checks: the API's rules with its messages
 * (crates/domain/src/settings/tracking.rs, Tracking::parse). An id may stay empty only while its
 * tool is off; ids are trimmed and Google's upper-cased, as the server keeps them. The server is
 * the authority; its field errors land under the same inputs.
 */
const ID_SHAPES = {
  ga4: 'a GA4 measurement id (G-XXXXXXXXXX)',
  google_ads: 'a Google Ads conversion id (AW- and digits)',
  hotjar: 'a Hotjar site id (up to 10 digits)',
  meta_pixel: 'a Meta Pixel id (10 to 20 digits)',
} as const;

export const TRACKING_MESSAGES = {
  missing: (tool: keyof typeof ID_SHAPES) => `Enter ${ID_SHAPES[tool]} to turn this on`,
  malformed: (tool: keyof typeof ID_SHAPES) => `This is not ${ID_SHAPES[tool]}`,
  label: 'A label is up to 64 letters, digits, - or _',
} as const;

const ID_PATTERNS: Record<keyof typeof ID_SHAPES, RegExp> = {
  ga4: /^G-[A-Z0-9]{4,16}$/,
  google_ads: /^AW-\d{6,15}$/,
  hotjar: /^\d{1,10}$/,
  meta_pixel: /^\d{10,20}$/,
};

/** Adds the id's error, if any, under `field` of the tool's object. */
function checkId(tool: keyof typeof ID_SHAPES, field: string) {
  return (value: { enabled: boolean } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const id = String(value[field]);
    if (id === '' && value.enabled) ctx.addIssue({ code: 'custom', path: [field], message: TRACKING_MESSAGES.missing(tool) });
    if (id !== '' && !ID_PATTERNS[tool].test(id)) {
      ctx.addIssue({ code: 'custom', path: [field], message: TRACKING_MESSAGES.malformed(tool) });
    }
  };
}

const googleId = z.string().transform((value) => value.trim().toUpperCase());
const digitsId = z.string().trim();
const label = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9_-]{0,64}$/.test(value), TRACKING_MESSAGES.label);

const trackingSettingsSchema = z.object({
  ga4: z
    .object({ enabled: z.boolean(), measurement_id: googleId, anonymize_ip: z.boolean(), send_page_view: z.boolean() })
    .superRefine(checkId('ga4', 'measurement_id')),
  hotjar: z.object({ enabled: z.boolean(), site_id: digitsId }).superRefine(checkId('hotjar', 'site_id')),
  google_ads: z
    .object({
      enabled: z.boolean(),
      conversion_id: googleId,
      purchase_label: label,
      add_to_cart_label: label,
      begin_checkout_label: label,
      sign_up_label: label,
    })
    .superRefine(checkId('google_ads', 'conversion_id')),
  meta_pixel: z
    .object({
      enabled: z.boolean(),
      pixel_id: digitsId,
      track_page_view: z.boolean(),
      track_add_to_cart: z.boolean(),
      track_purchase: z.boolean(),
    })
    .superRefine(checkId('meta_pixel', 'pixel_id')),
}) satisfies z.ZodType<TrackingSettings, TrackingSettings>;

type TrackingFormValues = z.input<typeof trackingSettingsSchema>;

/** The Ads conversion labels, one per event, in the page's order. */
const ADS_LABELS = [
  { name: 'purchase_label', label: 'Purchase label' },
  { name: 'add_to_cart_label', label: 'Add to cart label' },
  { name: 'begin_checkout_label', label: 'Begin checkout label' },
  { name: 'sign_up_label', label: 'Sign-up label' },
] as const;

/** The fields the server may refuse, as the form names them, in the page's order. */
const FIELD_NAMES = [
  'ga4.measurement_id',
  'hotjar.site_id',
  'google_ads.conversion_id',
  ...ADS_LABELS.map(({ name }) => `google_ads.${name}` as const),
  'meta_pixel.pixel_id',
] as const satisfies readonly Path<TrackingFormValues>[];

/**
 * The server answers a label's problem under `google_ads.labels.<event>`; the form's field is
 * `google_ads.<event>_label`, as in the body.
 */
export function formFieldErrors(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, message]) => [
      name.replace(/^google_ads\.labels\.([a-z_]+)$/, 'google_ads.$1_label'),
      message,
    ]),
  );
}

function formValues(settings: TrackingSettings): TrackingFormValues {
  return {
    ga4: { ...settings.ga4 },
    hotjar: { ...settings.hotjar },
    google_ads: { ...settings.google_ads },
    meta_pixel: { ...settings.meta_pixel },
  };
}

const HEADER_DESCRIPTION = 'Google Analytics 4, Hotjar, Google Ads and the Meta Pixel.';

/** What the page says about consent, next to the tools. */
export const CONSENT_NOTE =
  'While any tool is on, the shop shows visitors a cookie banner. Visitors’ browsers load a tool only after they accept its cookie category, and they can change their choice at any time under “Cookie settings” at the bottom of every page.';

const CATEGORY_NOTES = {
  analytics: 'Analytics cookies: visitors’ browsers load it only after they accept analytics.',
  marketing: 'Marketing cookies: visitors’ browsers load it only after they accept marketing.',
} as const;

/** /admin/tracking-settings: the third-party tracking tools, each loaded only with visitors’ consent. */
export function AdminTrackingSettingsPage() {
  return (
    <SettingsPage title="Tracking settings" description={HEADER_DESCRIPTION} query={useTrackingSettings()}>
      {(settings) => <TrackingSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function TrackingSettingsForm({ settings }: { settings: TrackingSettings }) {
  const save = useSaveTrackingSettings();
  const { form, shell } = useSettingsForm({
    schema: trackingSettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: async (values) => {
      try {
        return await save.mutateAsync(values);
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          throw new ApiError(error.status, error.code, error.message, formFieldErrors(error.fields), error.title);
        }
        throw error;
      }
    },
    saving: save.isPending,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const idInput = { type: 'text', autoComplete: 'off', spellCheck: false } as const;

  return (
    <SettingsForm
      label="Tracking settings"
      {...shell}
      notice={
        <p
          className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-neutral-800"
          data-testid="consent-note"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {CONSENT_NOTE}
        </p>
      }
    >
      <Panel title="Google Analytics 4" description={CATEGORY_NOTES.analytics}>
        <div className="flex flex-col gap-5">
          <SwitchField label="Use Google Analytics 4" {...register('ga4.enabled')} />
          <div className="sm:max-w-sm">
            <FormField
              label="Measurement ID"
              error={errors.ga4?.measurement_id?.message}
              hint="G- and 4 to 16 letters or digits, e.g. G-XXXXXXXXXX (GA4: Admin, Data streams)."
            >
              <Input {...idInput} maxLength={40} placeholder="G-XXXXXXXXXX" {...register('ga4.measurement_id')} />
            </FormField>
          </div>
          <SwitchField
            label="Anonymise IP addresses"
            hint="Asks Google not to keep visitors’ full IP addresses."
            {...register('ga4.anonymize_ip')}
          />
          <SwitchField
            label="Send page views"
            hint="Counts each page a visitor opens, including moves within the shop."
            {...register('ga4.send_page_view')}
          />
        </div>
      </Panel>

      <Panel title="Hotjar" description={CATEGORY_NOTES.analytics}>
        <div className="flex flex-col gap-5">
          <SwitchField label="Use Hotjar" {...register('hotjar.enabled')} />
          <div className="sm:max-w-sm">
            <FormField label="Site ID" error={errors.hotjar?.site_id?.message} hint="Up to 10 digits (Hotjar: Sites & Organizations).">
              <Input {...idInput} inputMode="numeric" maxLength={20} {...register('hotjar.site_id')} />
            </FormField>
          </div>
        </div>
      </Panel>

      <Panel title="Google Ads" description={CATEGORY_NOTES.marketing}>
        <div className="flex flex-col gap-5">
          <SwitchField label="Use Google Ads conversion tracking" {...register('google_ads.enabled')} />
          <div className="sm:max-w-sm">
            <FormField
              label="Conversion ID"
              error={errors.google_ads?.conversion_id?.message}
              hint="AW- and 6 to 15 digits, e.g. AW-123456789."
            >
              <Input {...idInput} maxLength={40} placeholder="AW-123456789" {...register('google_ads.conversion_id')} />
            </FormField>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {ADS_LABELS.map(({ name, label: fieldLabel }) => (
              <FormField
                key={name}
                label={fieldLabel}
                error={errors.google_ads?.[name]?.message}
                hint="Up to 64 letters, digits, - or _. Leave empty to send nothing for this event."
              >
                <Input {...idInput} maxLength={64} {...register(`google_ads.${name}`)} />
              </FormField>
            ))}
          </div>
        </div>
      </Panel>

      <Panel title="Meta Pixel" description={CATEGORY_NOTES.marketing}>
        <div className="flex flex-col gap-5">
          <SwitchField label="Use the Meta Pixel" {...register('meta_pixel.enabled')} />
          <div className="sm:max-w-sm">
            <FormField label="Pixel ID" error={errors.meta_pixel?.pixel_id?.message} hint="10 to 20 digits (Meta Events Manager).">
              <Input {...idInput} inputMode="numeric" maxLength={30} {...register('meta_pixel.pixel_id')} />
            </FormField>
          </div>
          <SwitchField label="Track page views" {...register('meta_pixel.track_page_view')} />
          <SwitchField label="Track add to cart" {...register('meta_pixel.track_add_to_cart')} />
          <SwitchField label="Track purchases" {...register('meta_pixel.track_purchase')} />
        </div>
      </Panel>

    </SettingsForm>
  );
}
