'use client';

import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type GeneralSettings, useGeneralSettings, useSaveGeneralSettings } from '@/features/admin/api/settings';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';

/**
 * The general settings form's checks: only the API's plain limits, with its messages
 * (crates/domain/src/settings.rs, GeneralDraft). Email and phone are left to the server, which
 * is the authority on all of it; its field errors land under the same inputs.
 */
export const GENERAL_SETTINGS_MESSAGES = {
  storeName: 'Store name must be 2 to 60 characters',
  address: 'Address must be 5 to 300 characters',
  supportHours: 'Support hours must be 3 to 120 characters',
  threshold: 'The free-shipping threshold must be an amount from 0.00 to 1000000.00',
  rate: 'The standard shipping rate must be an amount from 0.00 to 1000000.00',
  vat: 'The VAT rate must be 0 to 100 percent',
  points: 'Points per R100 must be 0 to 10,000',
} as const;


/** Points worth R1 when spent; fixed (the API's points_per_rand). */
const POINTS_PER_RAND = 10;
const MAX_AMOUNT = 1_000_000;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

function text(min: number, max: number, message: string, optional: boolean) {
  return z
    .string()
    .trim()
    .refine((value) => (optional && value === '') || (charCount(value) >= min && charCount(value) <= max), message);
}

/** Empty is "none": sent as null. */
function optionalText(schema: z.ZodType<string, string>) {
  return schema.transform((value) => (value === '' ? null : value));
}

/** Rand, at most two decimals, 0.00 to 1000000.00; sent as typed (the server answers "450.00"). */
function amount(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value) && Number(value) <= MAX_AMOUNT, message);
}

function wholeNumber(max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) <= max, message)
    .transform(Number);
}

const generalSettingsSchema = z.object({
  store_name: text(2, 60, GENERAL_SETTINGS_MESSAGES.storeName, false),
  contact_email: optionalText(z.string().trim()),
  contact_phone: optionalText(z.string().trim()),
  address: optionalText(text(5, 300, GENERAL_SETTINGS_MESSAGES.address, true)),
  support_hours: optionalText(text(3, 120, GENERAL_SETTINGS_MESSAGES.supportHours, true)),
  free_shipping_threshold: amount(GENERAL_SETTINGS_MESSAGES.threshold),
  standard_shipping_rate: amount(GENERAL_SETTINGS_MESSAGES.rate),
  vat_rate_percent: wholeNumber(100, GENERAL_SETTINGS_MESSAGES.vat),
  points_per_100_rand: wholeNumber(10_000, GENERAL_SETTINGS_MESSAGES.points),
});

type GeneralSettingsFormInput = z.input<typeof generalSettingsSchema>;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = [
  'store_name',
  'contact_email',
  'contact_phone',
  'address',
  'support_hours',
  'free_shipping_threshold',
  'standard_shipping_rate',
  'vat_rate_percent',
  'points_per_100_rand',
] as const satisfies readonly (keyof GeneralSettingsFormInput)[];

function formValues(settings: GeneralSettings): GeneralSettingsFormInput {
  return {
    store_name: settings.store_name,
    contact_email: settings.contact_email ?? '',
    contact_phone: settings.contact_phone ?? '',
    address: settings.address ?? '',
    support_hours: settings.support_hours ?? '',
    free_shipping_threshold: settings.free_shipping_threshold,
    standard_shipping_rate: settings.standard_shipping_rate,
    vat_rate_percent: String(settings.vat_rate_percent),
    points_per_100_rand: String(settings.points_per_100_rand),
  };
}

const HEADER_DESCRIPTION = 'The store’s details, shipping charges, VAT and the points customers earn.';

/** /admin/general-settings: who the store is, shipping, VAT and points. */
export function AdminGeneralSettingsPage() {
  return (
    <SettingsPage title="General settings" description={HEADER_DESCRIPTION} query={useGeneralSettings()}>
      {(settings) => <GeneralSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function GeneralSettingsForm({ settings }: { settings: GeneralSettings }) {
  const save = useSaveGeneralSettings();
  const { form, shell } = useSettingsForm({
    schema: generalSettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const pointsPerRand = settings.points_per_rand ?? POINTS_PER_RAND;

  return (
    <SettingsForm label="General settings" {...shell}>
      <Panel title="Store" description="Who the store is and how customers reach it.">
        <div className="flex flex-col gap-5">
          <FormField label="Store name" error={errors.store_name?.message}>
            <Input type="text" autoComplete="off" maxLength={60} {...register('store_name')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Contact email" error={errors.contact_email?.message} hint="Optional.">
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                {...register('contact_email')}
              />
            </FormField>
            <FormField
              label="Contact phone"
              error={errors.contact_phone?.message}
              hint="Optional. A South African number, like 082 555 1234."
            >
              <Input type="tel" inputMode="tel" autoComplete="off" maxLength={20} {...register('contact_phone')} />
            </FormField>
          </div>
          <FormField label="Address" error={errors.address?.message} hint="Optional. 5 to 300 characters.">
            <Textarea rows={3} maxLength={300} className="min-h-20" {...register('address')} />
          </FormField>
          <FormField
            label="Support hours"
            error={errors.support_hours?.message}
            hint="Optional. Like “Mon–Fri 08:00–17:00”."
          >
            <Input type="text" autoComplete="off" maxLength={120} {...register('support_hours')} />
          </FormField>
        </div>
      </Panel>

      <Panel title="Shipping" description="Amounts in rand, 0.00 to 1000000.00.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Free shipping from (R)"
            error={errors.free_shipping_threshold?.message}
            hint="Orders of goods at or over this amount ship free."
          >
            <Input type="text" inputMode="decimal" autoComplete="off" {...register('free_shipping_threshold')} />
          </FormField>
          <FormField
            label="Standard shipping rate (R)"
            error={errors.standard_shipping_rate?.message}
            hint="Charged on orders below the free-shipping amount."
          >
            <Input type="text" inputMode="decimal" autoComplete="off" {...register('standard_shipping_rate')} />
          </FormField>
        </div>
      </Panel>

      <Panel title="Tax">
        <div className="sm:max-w-xs">
          <FormField
            label="VAT rate (%)"
            error={errors.vat_rate_percent?.message}
            hint="Catalogue prices include VAT at this rate."
          >
            <Input type="text" inputMode="numeric" autoComplete="off" maxLength={3} {...register('vat_rate_percent')} />
          </FormField>
        </div>
      </Panel>

      <Panel title="Points">
        <div className="flex flex-col gap-4">
          <div className="sm:max-w-xs">
            <FormField
              label="Points per R100"
              error={errors.points_per_100_rand?.message}
              hint="Earned for every R100 paid for goods. 0 to 10,000."
            >
              <Input type="text" inputMode="numeric" autoComplete="off" maxLength={5} {...register('points_per_100_rand')} />
            </FormField>
          </div>
          <p className="text-sm text-neutral-700" data-testid="points-value">
            {pointsPerRand} points = R1 when spent
          </p>
        </div>
      </Panel>

    </SettingsForm>
  );
}
