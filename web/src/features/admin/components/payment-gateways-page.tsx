'use client';

import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import { CircleCheck, Loader2, ShieldCheck, TriangleAlert } from 'lucide-react';
import { errorMessage, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  type PaymentCheck,
  type PaymentSettings,
  useCheckPaymentSettings,
  usePaymentSettings,
  useSavePaymentSettings,
} from '@/features/admin/api/payments';
import { SecretField } from '@/features/admin/components/secret-field';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import {
  LIVE_WARNING,
  MAX_ITN_SOURCES,
  PAYMENT_MODES,
  paymentFieldErrors,
  paymentFormValues,
  paymentSettingsSchema,
  type PaymentSettingsFormInput,
} from '@/features/admin/lib/payment-settings';
import { ApiError } from '@/lib/api-client';

/** Shown while the server cannot keep a merchant key or passphrase. */
export const SEAL_NOTE =
  'This server was started without BAZAAR_SECRET_KEY, so it cannot keep a merchant key or passphrase: saving one is refused. Start it with BAZAAR_SECRET_KEY to take payments with these settings in the sandbox or live.';

/** Shown beside the check while the form has changes not saved. */
export const CHECK_SAVE_FIRST = 'Save first: the check uses the saved settings, not the changes above.';

/** What a secret's input shows while one is kept (it is never answered). */
export { SECRET_SET_PLACEHOLDER } from '@/features/admin/components/secret-field';

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = [
  'source',
  'mode',
  'merchant_id',
  'merchant_key',
  'passphrase',
  'itn_sources',
] as const satisfies readonly Path<PaymentSettingsFormInput>[];

/** A mode as the API names it, in words: "sandbox" is "Sandbox". */
function modeLabel(mode: string): string {
  return PAYMENT_MODES.find((option) => option.value === mode)?.label ?? mode;
}

/** What the server was started with, in words. */
export function startedText(started: PaymentSettings['started']): string {
  return started.mode === 'simulator' || !started.merchant_id
    ? `${modeLabel(started.mode)}.`
    : `${modeLabel(started.mode)}, merchant ${started.merchant_id}.`;
}

const HEADER_DESCRIPTION = 'How customers pay: PayFast’s mode, the merchant account, and where its notifications come from.';

/** /admin/payment-gateways: PayFast as the server was started, or as set here; and a signed test form. */
export function AdminPaymentGatewaysPage() {
  return (
    <SettingsPage title="Payment gateways" description={HEADER_DESCRIPTION} query={usePaymentSettings()}>
      {(settings) => <PaymentSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const id = useId();
  const save = useSavePaymentSettings();
  const { form, shell } = useSettingsForm({
    schema: paymentSettingsSchema,
    settings,
    toForm: paymentFormValues,
    fieldNames: FIELD_NAMES,
    save: async (values) => {
      try {
        return await save.mutateAsync(values);
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          throw new ApiError(error.status, error.code, error.message, paymentFieldErrors(error.fields), error.title);
        }
        throw error;
      }
    },
    saving: save.isPending,
  });
  const {
    register,
    watch,
    formState: { errors, isDirty },
  } = form;

  const source = watch('source');
  const mode = watch('mode');
  const fromServer = source === 'server';

  return (
    <div className="flex flex-col gap-6">
      <SettingsForm
        label="Payment gateways"
        {...shell}
        notice={
          settings.can_seal ? null : (
            <WarningNote testId="seal-note">
              {SEAL_NOTE}
            </WarningNote>
          )
        }
      >
        <Panel title="PayFast settings" description="Where the shop takes its PayFast settings from.">
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.source ? `${id}-source-error` : undefined}
          >
            <legend className="sr-only">Where the settings come from</legend>
            <Choice value="server" label="As the server was started" {...register('source')}>
              <span className="block text-sm font-normal text-neutral-600" data-testid="started-with">
                The --payfast-* flags: {startedText(settings.started)}
              </span>
            </Choice>
            <Choice value="settings" label="These settings" {...register('source')}>
              <span className="block text-sm font-normal text-neutral-600">
                The mode, merchant and notification sources below, used by the next checkout.
              </span>
            </Choice>
            <FieldError id={`${id}-source-error`} message={errors.source?.message} />
          </fieldset>
        </Panel>

        {/* Greyed out as the server was started: kept as they are, unused. */}
        <fieldset disabled={fromServer} className="flex flex-col gap-6 disabled:opacity-60" data-testid="payfast-fields">
          <legend className="sr-only">PayFast</legend>
          <Panel title="Mode">
            <div className="flex flex-col gap-3">
              <fieldset
                className="flex flex-col gap-2"
                aria-describedby={errors.mode ? `${id}-mode-error` : undefined}
              >
                <legend className="sr-only">Mode</legend>
                {PAYMENT_MODES.map((option) => (
                  <Choice key={option.value} value={option.value} label={option.label} {...register('mode')}>
                    <span className="block text-sm font-normal text-neutral-600">
                      {option.about}
                      {option.value === 'simulator' && settings.started.mode !== 'simulator'
                        ? ' Only on a server started with --payfast-mode simulator.'
                        : null}
                    </span>
                  </Choice>
                ))}
                <FieldError id={`${id}-mode-error`} message={errors.mode?.message} />
              </fieldset>
              {mode === 'live' && !fromServer ? (
                <WarningNote testId="live-warning">
                  {LIVE_WARNING}
                </WarningNote>
              ) : null}
            </div>
          </Panel>

          <Panel
            title="Merchant"
            description={
              mode === 'simulator'
                ? 'The simulator needs none of these; they are kept for when you switch.'
                : 'From your PayFast account: Settings, Developer settings.'
            }
          >
            <div className="flex flex-col gap-5">
              <div className="sm:max-w-xs">
                <FormField label="Merchant ID" error={errors.merchant_id?.message} hint="Digits only, like 10000100.">
                  <Input type="text" inputMode="numeric" autoComplete="off" maxLength={20} {...register('merchant_id')} />
                </FormField>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <SecretField
                  label="Merchant key"
                  what="the merchant key"
                  set={settings.merchant_key_set}
                  removing={watch('remove_merchant_key')}
                  error={errors.merchant_key?.message}
                  hint="13 lower-case letters and digits."
                  badge
                  input={register('merchant_key')}
                  remove={register('remove_merchant_key')}
                />
                <SecretField
                  label="Passphrase"
                  what="the passphrase"
                  set={settings.passphrase_set}
                  removing={watch('remove_passphrase')}
                  error={errors.passphrase?.message}
                  hint="Optional: only if one is set on the PayFast account. Up to 100 characters."
                  badge
                  input={register('passphrase')}
                  remove={register('remove_passphrase')}
                />
              </div>
            </div>
          </Panel>

          <Panel
            title="Notification sources"
            description="Where PayFast’s payment notifications (ITNs) may come from; others are refused."
          >
            <FormField
              label="Sources"
              error={errors.itn_sources?.message}
              hint={`One a line, 1 to ${MAX_ITN_SOURCES}: an IP address (144.126.193.139), a CIDR range (41.74.179.192/27) or a host name (www.payfast.co.za).`}
            >
              <Textarea
                rows={6}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="min-h-32 font-mono text-sm"
                {...register('itn_sources')}
              />
            </FormField>
          </Panel>
        </fieldset>
      </SettingsForm>

      <CheckPanel settings={settings} unsaved={isDirty} />
    </div>
  );
}

/** One radio choice, named by its label and described by the line under it. */
function Choice({
  label,
  children,
  ...input
}: { label: string; children: ReactNode } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'id'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-md border border-neutral-200 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input id={id} type="radio" aria-describedby={`${id}-about`} className="mt-0.5 size-4 shrink-0 accent-brand-700" {...input} />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          {label}
        </label>
        <div id={`${id}-about`}>{children}</div>
      </div>
    </div>
  );
}

/** A group's error (a choice of radios), which its fieldset's aria-describedby names. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-sale">
      {message}
    </p>
  );
}

/** A warning beside the form. */
function WarningNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid={testId}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

/** What the last check answered, for the settings it was made with. */
interface CheckOutcome {
  settings: PaymentSettings;
  check: PaymentCheck | null;
  failure: string | null;
}

/**
 * "Check settings": the server signs a test checkout form with the saved settings; the page shows
 * its fields and signature, and any problems found as warnings. Held while the form has changes.
 */
function CheckPanel({ settings, unsaved }: { settings: PaymentSettings; unsaved: boolean }) {
  const check = useCheckPaymentSettings();
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  // The query's data is a new object after each save: a check of settings since changed is gone.
  const shown = outcome?.settings === settings ? outcome : null;

  function run() {
    if (unsaved || check.isPending) return;
    setOutcome(null);
    check.mutate(undefined, {
      onSuccess: (answer) => setOutcome({ settings, check: answer, failure: null }),
      onError: (error) =>
        setOutcome({ settings, check: null, failure: errorMessage(error, 'The settings could not be checked. Please try again.') }),
    });
  }

  return (
    <Panel
      title="Check settings"
      description="Signs a test checkout form with the saved settings, as a customer’s would be; nothing is paid."
    >
      <div className="flex flex-col gap-4" data-testid="check-panel">
        <div className="flex flex-wrap items-center gap-4">
          <Button type="button" variant="secondary" className="h-11" disabled={unsaved || check.isPending} onClick={run}>
            {check.isPending ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ShieldCheck aria-hidden="true" className="size-4" />
            )}
            Check settings
          </Button>
          {unsaved ? (
            <p className="text-sm text-neutral-600" data-testid="check-save-first">
              {CHECK_SAVE_FIRST}
            </p>
          ) : null}
        </div>
        {shown?.failure ? (
          <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale">
            {shown.failure}
          </p>
        ) : null}
        {shown?.check ? <CheckResult check={shown.check} /> : null}
      </div>
    </Panel>
  );
}

function CheckResult({ check }: { check: PaymentCheck }) {
  return (
    <div className="flex flex-col gap-3" data-testid="check-result">
      {check.problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {check.problems.length === 1 ? 'A problem was found:' : `${check.problems.length} problems were found:`}
          </p>
          <ul className="mt-1 list-disc pl-10">
            {check.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-700">
          <CircleCheck aria-hidden="true" className="size-4" />
          No problems found.
        </p>
      )}
      <p className="text-sm text-neutral-700">
        {modeLabel(check.mode)}: the form posts to <code className="break-all">{check.process_url}</code>.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Signed test form">
          <thead className="border-b border-neutral-200 text-xs font-semibold uppercase tracking-wide text-neutral-600">
            <tr>
              <th scope="col" className="py-2 pr-4">Field</th>
              <th scope="col" className="py-2">Value</th>
            </tr>
          </thead>
          <tbody className="font-mono">
            {check.fields
              .filter((field) => field.name !== 'signature')
              .map((field) => (
                <tr key={field.name} className="border-b border-neutral-100">
                  <th scope="row" className="py-1.5 pr-4 font-normal text-neutral-700">
                    {field.name}
                  </th>
                  <td className="py-1.5 break-all text-neutral-900">{field.value}</td>
                </tr>
              ))}
            <tr>
              <th scope="row" className="py-1.5 pr-4 font-semibold text-neutral-900">
                signature
              </th>
              <td className="py-1.5 break-all font-semibold text-neutral-900" data-testid="check-signature">
                {check.signature}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
