'use client';

import { useId, useState, type ComponentPropsWithRef, type FormEvent, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import { Loader2, Send, TriangleAlert } from 'lucide-react';
import { z } from 'zod';
import { errorMessage, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth/use-session';
import {
  type EmailSettings,
  type EmailSettingsInput,
  useEmailSettings,
  useSaveEmailSettings,
  useSendTestEmail,
} from '@/features/admin/api/email-settings';
import { SecretField } from '@/features/admin/components/secret-field';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';

/**
 * The email settings form's checks: the API's rules with its messages
 * (crates/domain/src/settings/email.rs, EmailDraft::parse). The SMTP server's fields matter only
 * for delivery through it, but their form is checked either way, as the server checks it. The
 * server is the authority; its field errors land under the same inputs.
 */
export const EMAIL_SETTINGS_MESSAGES = {
  hostMissing: 'Enter the SMTP server\'s host name',
  host: 'Enter a host name such as smtp.example.co.za, without a scheme or port',
  port: 'The port is a number from 1 to 65535',
  plain: 'Without TLS email may only go to a server on this machine (localhost)',
  username: 'The user name is up to 200 characters',
  passwordLength: 'The password is up to 200 characters',
  passwordMissing: 'Enter the password for this user',
  fromName: 'Enter the sender\'s name, up to 100 characters',
  fromNameCharacters: 'The sender\'s name cannot hold < > or "',
  fromAddress: 'Enter the address email is sent from, such as orders@example.co.za',
  testTo: 'Enter the address to send the test email to',
} as const;

/** The security choices, as the API names them, in the page's order. */
export const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS (587)' },
  { value: 'tls', label: 'TLS (465)' },
  { value: 'none', label: 'None — only to this machine' },
] as const;

/** What the password input shows while a password is kept (it is never answered). */
export { SECRET_SET_PLACEHOLDER as PASSWORD_SET_PLACEHOLDER } from '@/features/admin/components/secret-field';

/** Shown while the server cannot keep a password. */
export const SECRET_KEY_NOTE =
  'This server was started without BAZAAR_SECRET_KEY, so it cannot keep an SMTP password: saving one is refused. Start it with BAZAAR_SECRET_KEY to use an SMTP server that needs a password.';

/** Shown beside the test while the form has changes not saved. */
export const SAVE_FIRST = 'Save first: the test email uses the saved settings, not the changes above.';

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

/** As the server's plausible_email: something@domain.tld, no spaces, at most 254 bytes. */
export function plausibleEmail(email: string): boolean {
  if (new TextEncoder().encode(email).length > 254 || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !domain.includes('@');
}

/** Hosts a plain-text connection may go to: this machine. */
function loopback(host: string): boolean {
  const bare = host.replace(/^\[/, '').replace(/\]$/, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function badHost(host: string): boolean {
  return host.length > 253 || /\s/.test(host) || (!host.startsWith('[') && /[/@?#:]/.test(host));
}

const emailSettingsSchema = z
  .object({
    delivery: z.enum(['server', 'smtp']),
    host: z.string().transform((value) => value.trim().toLowerCase()),
    port: z.string().trim(),
    security: z.enum(['starttls', 'tls', 'none']),
    username: z.string().trim(),
    /** Typed to set a new one; empty keeps the one kept. */
    password: z.string(),
    remove_password: z.boolean(),
    /** Whether the server keeps a password now (the settings as loaded or saved); not sent. */
    password_set: z.boolean(),
    from_name: z.string().trim(),
    from_address: z.string().transform((value) => value.trim().toLowerCase()),
  })
  .superRefine((value, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const smtp = value.delivery === 'smtp';
    if (value.host === '' && smtp) problem('host', EMAIL_SETTINGS_MESSAGES.hostMissing);
    else if (badHost(value.host)) problem('host', EMAIL_SETTINGS_MESSAGES.host);
    if (!/^\d{1,5}$/.test(value.port) || Number(value.port) < 1 || Number(value.port) > 65_535) {
      problem('port', EMAIL_SETTINGS_MESSAGES.port);
    }
    if (value.security === 'none' && smtp && value.host !== '' && !loopback(value.host)) {
      problem('security', EMAIL_SETTINGS_MESSAGES.plain);
    }
    if (charCount(value.username) > 200) problem('username', EMAIL_SETTINGS_MESSAGES.username);
    if (!value.remove_password && charCount(value.password) > 200) {
      problem('password', EMAIL_SETTINGS_MESSAGES.passwordLength);
    }
    const hasPassword = value.remove_password ? false : value.password !== '' || value.password_set;
    if (smtp && value.username !== '' && !hasPassword) problem('password', EMAIL_SETTINGS_MESSAGES.passwordMissing);
    if (value.from_name === '' || charCount(value.from_name) > 100) problem('from_name', EMAIL_SETTINGS_MESSAGES.fromName);
    else if (/[<>"\n\r]/.test(value.from_name)) problem('from_name', EMAIL_SETTINGS_MESSAGES.fromNameCharacters);
    if ((smtp || value.from_address !== '') && !plausibleEmail(value.from_address)) {
      problem('from_address', EMAIL_SETTINGS_MESSAGES.fromAddress);
    }
  })
  .transform(
    (value): EmailSettingsInput => ({
      delivery: value.delivery,
      host: value.host,
      port: Number(value.port),
      security: value.security,
      username: value.username,
      // Left out, the password kept stays; "" removes it.
      ...(value.remove_password ? { password: '' } : value.password !== '' ? { password: value.password } : {}),
      from_name: value.from_name,
      from_address: value.from_address,
    }),
  );

type EmailSettingsFormInput = z.input<typeof emailSettingsSchema>;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = [
  'delivery',
  'host',
  'port',
  'security',
  'username',
  'password',
  'from_name',
  'from_address',
] as const satisfies readonly Path<EmailSettingsFormInput>[];

/** The SMTP server's fields, shown only for delivery through it (or while one of them is refused). */
const SMTP_FIELDS = ['host', 'port', 'security', 'username', 'password'] as const;

function formValues(settings: EmailSettings): EmailSettingsFormInput {
  return {
    delivery: settings.delivery === 'smtp' ? 'smtp' : 'server',
    host: settings.host,
    port: String(settings.port),
    security: settings.security === 'tls' || settings.security === 'none' ? settings.security : 'starttls',
    username: settings.username,
    password: '',
    remove_password: false,
    password_set: settings.password_set,
    from_name: settings.from_name,
    from_address: settings.from_address,
  };
}

/**
 * How the server was started to send email, in words: `outbox <folder>` and `smtp <host:port>`
 * as the API describes them; anything else as it comes.
 */
export function startedWithText(startedWith: string): ReactNode {
  const outbox = /^outbox (.+)$/.exec(startedWith);
  if (outbox) {
    return (
      <>
        Written as files to the outbox folder <code className="break-all">{outbox[1]}</code>, not sent.
      </>
    );
  }
  const smtp = /^smtp (.+)$/.exec(startedWith);
  if (smtp) {
    return (
      <>
        Through the SMTP server <code className="break-all">{smtp[1]}</code> the server was started with.
      </>
    );
  }
  return startedWith;
}

const HEADER_DESCRIPTION = 'How the store’s email is sent, who it comes from, and a test email.';

/** /admin/email-settings: where the store's email goes (as the server was started, or an SMTP server), and a test. */
export function AdminEmailSettingsPage() {
  return (
    <SettingsPage title="Email settings" description={HEADER_DESCRIPTION} query={useEmailSettings()}>
      {(settings) => <EmailSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function EmailSettingsForm({ settings }: { settings: EmailSettings }) {
  const id = useId();
  const save = useSaveEmailSettings();
  const { form, shell } = useSettingsForm({
    schema: emailSettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    watch,
    formState: { errors, isDirty },
  } = form;

  const delivery = watch('delivery');
  const showSmtp = delivery === 'smtp' || SMTP_FIELDS.some((name) => errors[name]);

  return (
    <div className="flex flex-col gap-6">
      <SettingsForm
        label="Email settings"
        {...shell}
        notice={
          settings.secrets_available ? null : (
            <p
              className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              data-testid="secret-key-note"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {SECRET_KEY_NOTE}
            </p>
          )
        }
      >
        <Panel title="How email is sent">
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.delivery ? `${id}-delivery-error` : undefined}
          >
            <legend className="sr-only">How email is sent</legend>
            <DeliveryOption value="server" label="As the server was started" {...register('delivery')}>
              <span className="block text-sm font-normal text-neutral-600" data-testid="started-with">
                {startedWithText(settings.started_with)}
              </span>
            </DeliveryOption>
            <DeliveryOption value="smtp" label="Through this SMTP server" {...register('delivery')}>
              <span className="block text-sm font-normal text-neutral-600">
                Give the server below; the next email of every kind goes through it.
              </span>
            </DeliveryOption>
            {errors.delivery ? (
              <p id={`${id}-delivery-error`} className="text-sm font-medium text-sale">
                {errors.delivery.message}
              </p>
            ) : null}
          </fieldset>
        </Panel>

        {/* Always rendered (hidden unless used), so its fields come in the page's order: the first refused is focused. */}
        <div hidden={!showSmtp}>
          <Panel title="SMTP server" description="Your email provider’s settings for sending through it.">
            <div className="flex flex-col gap-5">
              <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
                <FormField label="Host" error={errors.host?.message} hint="Like smtp.example.co.za, without a scheme or port.">
                  <Input
                    type="text"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={253}
                    {...register('host')}
                  />
                </FormField>
                <FormField label="Port" error={errors.port?.message}>
                  <Input type="text" inputMode="numeric" autoComplete="off" maxLength={5} {...register('port')} />
                </FormField>
              </div>
              <div className="sm:max-w-sm">
                <FormField label="Security" error={errors.security?.message}>
                  <Select {...register('security')}>
                    {SECURITY_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                </FormField>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="User name" error={errors.username?.message} hint="Optional. Often the sending address.">
                  <Input
                    type="text"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={200}
                    {...register('username')}
                  />
                </FormField>
                <SecretField
                  label="Password"
                  what="the password"
                  set={settings.password_set}
                  removing={watch('remove_password')}
                  error={errors.password?.message}
                  hint="Up to 200 characters."
                  unsetNote="Only if the server asks for one."
                  input={register('password')}
                  remove={register('remove_password')}
                />
              </div>
            </div>
          </Panel>
        </div>

        <Panel title="Sender" description="Who the store’s email comes from.">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Sender name" error={errors.from_name?.message} hint="Up to 100 characters, like your store’s name.">
              <Input type="text" autoComplete="off" maxLength={100} {...register('from_name')} />
            </FormField>
            <FormField
              label="Sender address"
              error={errors.from_address?.message}
              hint={delivery === 'smtp' ? 'Like orders@example.co.za.' : 'Optional as the server was started.'}
            >
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                {...register('from_address')}
              />
            </FormField>
          </div>
        </Panel>
      </SettingsForm>

      <TestEmailPanel settings={settings} unsaved={isDirty} />
    </div>
  );
}

/** One of the two ways email is sent: a radio named by its label, described by the line under it. */
function DeliveryOption({
  label,
  children,
  ...input
}: { label: string; children: ReactNode } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'id'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-md border border-neutral-200 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        id={id}
        type="radio"
        aria-describedby={`${id}-about`}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        {...input}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          {label}
        </label>
        <div id={`${id}-about`}>{children}</div>
      </div>
    </div>
  );
}

/** What the last test said, for the settings it was sent with. */
interface TestOutcome {
  settings: EmailSettings;
  through: string | null;
  failure: string | null;
}

/**
 * "Send a test email": to the signed-in admin's address unless another is typed, with the saved
 * settings, so it waits while the form has changes. Says what the email went through, or the
 * mail server's reason for refusing it, until other settings are saved.
 */
function TestEmailPanel({ settings, unsaved }: { settings: EmailSettings; unsaved: boolean }) {
  const user = useUser();
  const send = useSendTestEmail();
  const [to, setTo] = useState(user?.email ?? '');
  const [toError, setToError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  // The query's data is a new object after each save: an outcome of settings since changed is gone.
  const shown = outcome?.settings === settings ? outcome : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (unsaved || send.isPending) return;
    setOutcome(null);
    const address = to.trim();
    if (!plausibleEmail(address)) {
      setToError(EMAIL_SETTINGS_MESSAGES.testTo);
      return;
    }
    setToError(null);
    send.mutate(address, {
      onSuccess: (sent) => setOutcome({ settings, through: sent.through, failure: null }),
      onError: (error) => {
        const field = error instanceof ApiError && error.status === 400 ? error.fields?.to : undefined;
        if (typeof field === 'string') setToError(field);
        // The mail server's reason comes as a 502 `mail_failed`: its message says it.
        else if (error instanceof ApiError && error.code === 'mail_failed') {
          setOutcome({ settings, through: null, failure: error.message });
        } else {
          setOutcome({
            settings,
            through: null,
            failure: errorMessage(error, 'The test email could not be sent. Please try again.'),
          });
        }
      },
    });
  }

  return (
    <Panel title="Send a test email" description="A short email sent with the saved settings, to check that they work.">
      <form onSubmit={submit} noValidate aria-label="Send a test email" className="flex flex-col gap-4">
        <div className="sm:max-w-md">
          <FormField label="Send it to" error={toError ?? undefined}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={254}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="secondary" className="h-11" disabled={unsaved || send.isPending}>
            {send.isPending ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Send aria-hidden="true" className="size-4" />
            )}
            Send a test email
          </Button>
          {unsaved ? (
            <p className="text-sm text-neutral-700" data-testid="test-save-first">
              {SAVE_FIRST}
            </p>
          ) : shown?.through ? (
            <p role="status" className="text-sm font-medium text-green-700" data-testid="test-sent">
              Sent through {shown.through}
            </p>
          ) : null}
        </div>
        {shown?.failure ? (
          <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale" data-testid="test-failed">
            {shown.failure}
          </p>
        ) : null}
      </form>
    </Panel>
  );
}
