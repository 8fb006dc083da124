import { z } from 'zod';
import type { PaymentMode, PaymentSettings, PaymentSettingsUpdate } from '@/features/admin/api/payments';

/**
 * The payment gateway form's checks (crates/payfast/src/settings.rs and source.rs read the same
 * things): a merchant ID of digits and a merchant key in PayFast's format for the sandbox and
 * live, a passphrase of at most 100 characters, and 1 to 20 notification sources, each an IP
 * address, a CIDR range or a host name. Only the settings' own fields are checked, and only when
 * they are used (source "settings"); the simulator only on a server started with it. The server is
 * the authority (crates/commerce/src/payment_settings.rs, set_payments): the passphrase's
 * characters are left to it, and its field errors land under the same inputs.
 */
export const PAYMENT_MESSAGES = {
  merchantIdMissing: 'Enter the merchant ID from your PayFast account',
  merchantId: 'The merchant ID is digits only',
  merchantKeyMissing: 'Enter the merchant key PayFast gave the store',
  merchantKey: 'A merchant key is 13 lowercase letters and digits, as PayFast shows it',
  passphrase: 'The passphrase is at most 100 characters',
  sourcesCount: 'List 1 to 20 sources, one a line',
  source: (entry: string) => `${entry}: neither an IP address, a CIDR range nor a host name`,
  simulator: 'The simulator runs only on servers started with --payfast-mode simulator',
} as const;

export const MAX_ITN_SOURCES = 20;

/** The modes, as the API names them, in the page's order, with what each means. */
export const PAYMENT_MODES: readonly { value: PaymentMode; label: string; about: string }[] = [
  { value: 'simulator', label: 'Simulator', about: 'This server imitates PayFast: no money moves and no account is needed.' },
  { value: 'sandbox', label: 'Sandbox', about: 'PayFast’s test site with test money, for a sandbox merchant account.' },
  { value: 'live', label: 'Live', about: 'Real payments into your PayFast account.' },
];

/** Shown while the mode chosen is live. */
export const LIVE_WARNING =
  'Live mode: once saved, customers pay real money through PayFast into this merchant account.';

function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

function isIpv6(value: string): boolean {
  if (!value.includes(':') || !/^[0-9a-f:.]+$/i.test(value)) return false;
  try {
    // The URL parser reads IPv6 literals exactly.
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An entry of the notification allow-list, as the server reads one: an IP address, a CIDR range or a host name. */
export function isItnSource(entry: string): boolean {
  const value = entry.trim();
  const slash = value.indexOf('/');
  if (slash >= 0) {
    const [address, prefix] = [value.slice(0, slash), value.slice(slash + 1)];
    if (!/^\d{1,3}$/.test(prefix)) return false;
    if (isIpv4(address)) return Number(prefix) <= 32;
    return isIpv6(address) && Number(prefix) <= 128;
  }
  if (isIpv4(value) || isIpv6(value)) return true;
  return value.length <= 253 && /^[A-Za-z0-9.-]+$/.test(value) && /[A-Za-z]/.test(value);
}

/** The allow-list as typed: one a line (commas too), blanks dropped. */
export function splitSources(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export const paymentSettingsSchema = z
  .object({
    source: z.enum(['server', 'settings']),
    mode: z.enum(['simulator', 'sandbox', 'live']),
    merchant_id: z.string().trim(),
    /** Typed to set a new one; empty keeps the one kept. */
    merchant_key: z.string().trim(),
    remove_merchant_key: z.boolean(),
    passphrase: z.string(),
    remove_passphrase: z.boolean(),
    /** Whether the server keeps each secret now (the settings as loaded or saved); not sent. */
    merchant_key_set: z.boolean(),
    passphrase_set: z.boolean(),
    /** The mode the server was started with; not sent. */
    started_mode: z.string(),
    itn_sources: z.string(),
  })
  .superRefine((value, ctx) => {
    // As the server was started: the rest is kept as it is, unused.
    if (value.source === 'server') return;
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const merchant = value.mode !== 'simulator';
    if (!merchant && value.started_mode !== 'simulator') problem('mode', PAYMENT_MESSAGES.simulator);
    if (value.merchant_id === '') {
      if (merchant) problem('merchant_id', PAYMENT_MESSAGES.merchantIdMissing);
    } else if (!/^\d{1,20}$/.test(value.merchant_id)) {
      problem('merchant_id', PAYMENT_MESSAGES.merchantId);
    }
    if (!value.remove_merchant_key && value.merchant_key !== '' && !/^[a-z0-9]{13}$/.test(value.merchant_key)) {
      problem('merchant_key', PAYMENT_MESSAGES.merchantKey);
    }
    const hasKey = !value.remove_merchant_key && (value.merchant_key !== '' || value.merchant_key_set);
    if (merchant && !hasKey) problem('merchant_key', PAYMENT_MESSAGES.merchantKeyMissing);
    if (!value.remove_passphrase && Array.from(value.passphrase).length > 100) {
      problem('passphrase', PAYMENT_MESSAGES.passphrase);
    }
    const sources = splitSources(value.itn_sources);
    const bad = sources.find((entry) => !isItnSource(entry));
    if (sources.length === 0 || sources.length > MAX_ITN_SOURCES) problem('itn_sources', PAYMENT_MESSAGES.sourcesCount);
    else if (bad !== undefined) problem('itn_sources', PAYMENT_MESSAGES.source(bad));
  })
  .transform(
    (value): PaymentSettingsUpdate => ({
      source: value.source,
      mode: value.mode,
      merchant_id: value.merchant_id,
      itn_sources: splitSources(value.itn_sources),
      // Left out, the secret kept stays; "" removes it.
      ...(value.remove_merchant_key
        ? { merchant_key: '' }
        : value.merchant_key !== ''
          ? { merchant_key: value.merchant_key }
          : {}),
      ...(value.remove_passphrase ? { passphrase: '' } : value.passphrase !== '' ? { passphrase: value.passphrase } : {}),
    }),
  );

export type PaymentSettingsFormInput = z.input<typeof paymentSettingsSchema>;

export function paymentFormValues(settings: PaymentSettings): PaymentSettingsFormInput {
  return {
    source: settings.source === 'settings' ? 'settings' : 'server',
    mode: settings.mode === 'sandbox' || settings.mode === 'live' ? settings.mode : 'simulator',
    merchant_id: settings.merchant_id,
    merchant_key: '',
    remove_merchant_key: false,
    passphrase: '',
    remove_passphrase: false,
    merchant_key_set: settings.merchant_key_set,
    passphrase_set: settings.passphrase_set,
    started_mode: settings.started.mode,
    itn_sources: settings.itn_sources.join('\n'),
  };
}

/** The server names a refused source `itn_sources.<n>`; the form has one field for the list. */
export function paymentFieldErrors(fields: Record<string, unknown>): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const [name, message] of Object.entries(fields)) {
    const key = /^itn_sources\.\d+$/.test(name) ? 'itn_sources' : name;
    if (!(key in mapped)) mapped[key] = message;
  }
  return mapped;
}
