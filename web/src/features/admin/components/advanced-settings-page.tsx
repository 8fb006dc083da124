'use client';

import { useMemo } from 'react';
import type { Path } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { MAINTENANCE_BANNER } from '@/components/layout/maintenance-notice';
import {
  type AdvancedSettings,
  type RateLimitNumbers,
  useAdvancedSettings,
  useSaveAdvancedSettings,
} from '@/features/admin/api/settings';
import { SwitchField } from '@/features/admin/components/admin-form-parts';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';

/**
 * The advanced settings form's checks: the API's ranges, with its messages
 * (crates/domain/src/settings/advanced.rs, AdvancedDraft::parse). The server is the authority;
 * its field errors land under the same inputs (a rate limit's under `rate_limits.<name>`).
 */
export const ADVANCED_SETTINGS_MESSAGES = {
  message: 'The maintenance message must be 10 to 500 characters',
  reviewDays: 'A store is new for 0 to 3,650 days',
  reservation: 'Unpaid orders hold stock for 5 to 10,080 minutes (a week)',
  rateLimit: (per: string) => `A limit must be 1 to 10,000 attempts per ${per}`,
} as const;

/** The window the rate limits count in when the server does not say (five minutes). */
const DEFAULT_WINDOW_SECONDS = 300;

/** The rate limits, in the page's order, with what each counts in plain words. */
export const RATE_LIMITS: readonly { name: keyof RateLimitNumbers; label: string; per: string }[] = [
  { name: 'sign_in', label: 'Password sign-ins', per: 'for each IP address and each email' },
  { name: 'sign_up', label: 'Sign-ups', per: 'for each IP address and each email' },
  { name: 'recover', label: 'Recovery emails', per: 'for each IP address and each email' },
  { name: 'verify', label: 'Email link and code checks', per: 'for each IP address' },
  { name: 'refresh', label: 'Session refreshes', per: 'for each IP address' },
  { name: 'mfa', label: 'Second-factor checks', per: 'for each account and each authenticator' },
  { name: 'redeem', label: 'Points-code redemptions', per: 'for each customer' },
];

/** "5 minutes", "minute", "hour", "90 seconds": the window after "per". */
export function windowPhrase(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : DEFAULT_WINDOW_SECONDS;
  const [count, unit] = s % 3600 === 0 ? [s / 3600, 'hour'] : s % 60 === 0 ? [s / 60, 'minute'] : [s, 'second'];
  return count === 1 ? unit : `${count.toLocaleString('en-ZA')} ${unit}s`;
}

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

function wholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number);
}

function advancedSettingsSchema(perWindow: string) {
  const limit = wholeNumber(1, 10_000, ADVANCED_SETTINGS_MESSAGES.rateLimit(perWindow));
  return z.object({
    maintenance_mode: z.boolean(),
    maintenance_message: z
      .string()
      .trim()
      .refine((value) => charCount(value) >= 10 && charCount(value) <= 500, ADVANCED_SETTINGS_MESSAGES.message),
    sign_up_open: z.boolean(),
    product_review_new_vendors: z.boolean(),
    product_review_days: wholeNumber(0, 3650, ADVANCED_SETTINGS_MESSAGES.reviewDays),
    reservation_minutes: wholeNumber(5, 10_080, ADVANCED_SETTINGS_MESSAGES.reservation),
    rate_limits: z.object({
      sign_in: limit,
      sign_up: limit,
      recover: limit,
      verify: limit,
      refresh: limit,
      mfa: limit,
      redeem: limit,
    }),
  });
}

type AdvancedSettingsSchema = ReturnType<typeof advancedSettingsSchema>;
type AdvancedSettingsFormInput = z.input<AdvancedSettingsSchema>;

/** The names the API gives field errors under (a rate limit's `rate_limits.<name>`), in the page's order. */
const FIELD_NAMES = [
  'maintenance_mode',
  'maintenance_message',
  'sign_up_open',
  'product_review_new_vendors',
  'product_review_days',
  'reservation_minutes',
  ...RATE_LIMITS.map(({ name }) => `rate_limits.${name}` as const),
] as const satisfies readonly Path<AdvancedSettingsFormInput>[];

function formValues(settings: AdvancedSettings): AdvancedSettingsFormInput {
  const limits = settings.rate_limits;
  return {
    maintenance_mode: settings.maintenance_mode,
    maintenance_message: settings.maintenance_message,
    sign_up_open: settings.sign_up_open,
    product_review_new_vendors: settings.product_review_new_vendors,
    product_review_days: String(settings.product_review_days),
    reservation_minutes: String(settings.reservation_minutes),
    rate_limits: {
      sign_in: String(limits.sign_in),
      sign_up: String(limits.sign_up),
      recover: String(limits.recover),
      verify: String(limits.verify),
      refresh: String(limits.refresh),
      mfa: String(limits.mfa),
      redeem: String(limits.redeem),
    },
  };
}

const HEADER_DESCRIPTION =
  'Maintenance mode, sign-ups, the review of new stores’ products, how long unpaid orders hold stock, and rate limits.';

/** Shown while maintenance mode is ticked but not yet saved on. */
export const MAINTENANCE_WARNING =
  'When you save, customers will see your maintenance message instead of the shop until you switch maintenance mode off.';

/** /admin/advanced-settings: maintenance mode, sign-ups, product review, stock holds and rate limits. */
export function AdminAdvancedSettingsPage() {
  return (
    <SettingsPage title="Advanced settings" description={HEADER_DESCRIPTION} query={useAdvancedSettings()}>
      {(settings) => <AdvancedSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function AdvancedSettingsForm({ settings }: { settings: AdvancedSettings }) {
  const save = useSaveAdvancedSettings();
  const perWindow = windowPhrase(settings.rate_limit_window_seconds ?? 300);
  const schema = useMemo(() => advancedSettingsSchema(perWindow), [perWindow]);
  const { form, shell } = useSettingsForm({
    schema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const maintenanceTicked = watch('maintenance_mode');
  // The settings as last loaded or saved (the query's data follows each save).
  const switchingOn = maintenanceTicked && !settings.maintenance_mode;
  const stayingOn = maintenanceTicked && settings.maintenance_mode;

  return (
    <SettingsForm label="Advanced settings" {...shell}>
      <Panel title="Maintenance" description="Close the shop for a while, with a message for customers.">
        <div className="flex flex-col gap-5">
          <SwitchField
            label="Maintenance mode"
            hint="Customers and vendors see your message instead of the shop. Admins still get through, so you can check the shop and switch this off."
            error={errors.maintenance_mode?.message}
            {...register('maintenance_mode')}
          />
          <div aria-live="polite">
            {switchingOn ? (
              <p
                className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
                data-testid="maintenance-warning"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {MAINTENANCE_WARNING}
              </p>
            ) : stayingOn ? (
              // What admins read above the site meanwhile.
              <p className="text-sm font-medium text-amber-900" data-testid="maintenance-on">
                {MAINTENANCE_BANNER}
              </p>
            ) : null}
          </div>
          <FormField
            label="Maintenance message"
            error={errors.maintenance_message?.message}
            hint="What customers see while maintenance mode is on. 10 to 500 characters."
          >
            <Textarea rows={3} maxLength={500} className="min-h-20" {...register('maintenance_message')} />
          </FormField>
        </div>
      </Panel>

      <Panel title="Accounts">
        <SwitchField
          label="Sign-ups open"
          hint="New customers may create accounts. When off, the sign-up page says sign-ups are closed; existing accounts still sign in."
          error={errors.sign_up_open?.message}
          {...register('sign_up_open')}
        />
      </Panel>

      <Panel title="Product review">
        <div className="flex flex-col gap-5">
          <SwitchField
            label="Review new stores’ products"
            hint="A new store’s products wait for an admin’s review the first time they go on sale."
            error={errors.product_review_new_vendors?.message}
            {...register('product_review_new_vendors')}
          />
          <div className="sm:max-w-xs">
            <FormField
              label="A store is new for (days)"
              error={errors.product_review_days?.message}
              hint="Counted from when the store opened. 0 to 3,650."
            >
              <Input type="text" inputMode="numeric" autoComplete="off" maxLength={4} {...register('product_review_days')} />
            </FormField>
          </div>
        </div>
      </Panel>

      <Panel title="Stock holds">
        <div className="sm:max-w-xs">
          <FormField
            label="Unpaid orders hold stock for (minutes)"
            error={errors.reservation_minutes?.message}
            hint="Then the stock goes back on sale. 5 to 10,080 (a week)."
          >
            <Input type="text" inputMode="numeric" autoComplete="off" maxLength={5} {...register('reservation_minutes')} />
          </FormField>
        </div>
      </Panel>

      <Panel
        title="Rate limits"
        description={`Attempts allowed per ${perWindow} before more are refused for a while. 1 to 10,000 each.`}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {RATE_LIMITS.map(({ name, label, per }) => (
            <FormField
              key={name}
              label={label}
              error={errors.rate_limits?.[name]?.message}
              hint={`Per ${perWindow}, ${per}.`}
            >
              <Input type="text" inputMode="numeric" autoComplete="off" maxLength={5} {...register(`rate_limits.${name}`)} />
            </FormField>
          ))}
        </div>
      </Panel>

    </SettingsForm>
  );
}
