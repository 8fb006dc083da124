import { z } from 'zod';
import { bpsToPercentText, PERCENT_INVALID, percentToBps } from '@/lib/selling/commission';
import type { Agreement, AgreementInput } from '@/lib/selling/types';

/**
 * The "Publish a new version" form of /admin/agreements: the API's rules and messages
 * (crates/domain/src/vendor.rs, AgreementText) checked before sending. The commission is typed
 * as a percentage and sent in basis points. The server checks again; its field errors
 * (`error.fields`, keyed by the API's names) land on the same inputs (AGREEMENT_FIELDS).
 */

export const AGREEMENT_LIMITS = {
  title: [3, 120],
  payoutSchedule: [3, 200],
  terms: [20, 50_000],
} as const;

export const AGREEMENT_MESSAGES = {
  title: 'Title must be 3 to 120 characters',
  commission: PERCENT_INVALID,
  payoutSchedule: 'Payout schedule must be 3 to 200 characters',
  terms: 'Terms must be 20 to 50000 characters',
  control: (what: string) => `${what} must not contain control characters`,
} as const;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

/** Control characters other than line breaks, which the server refuses. */
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function text([min, max]: readonly [number, number], message: string, what: string) {
  return z
    .string()
    .trim()
    .refine((value) => charCount(value) >= min && charCount(value) <= max, message)
    .refine((value) => !CONTROL.test(value), AGREEMENT_MESSAGES.control(what));
}

export const agreementSchema = z.object({
  title: text(AGREEMENT_LIMITS.title, AGREEMENT_MESSAGES.title, 'Title'),
  commission_percent: z
    .string()
    .refine((value) => percentToBps(value) !== null, AGREEMENT_MESSAGES.commission)
    .transform((value) => percentToBps(value) ?? 0),
  payout_schedule: text(AGREEMENT_LIMITS.payoutSchedule, AGREEMENT_MESSAGES.payoutSchedule, 'Payout schedule'),
  terms: text(AGREEMENT_LIMITS.terms, AGREEMENT_MESSAGES.terms, 'Terms'),
});

export type AgreementFormInput = z.input<typeof agreementSchema>;
export type AgreementFormValues = z.output<typeof agreementSchema>;

/** The form's names, in its order, for each name the API gives a field error under. */
export const AGREEMENT_FIELDS = {
  title: 'title',
  commission_rate_bps: 'commission_percent',
  payout_schedule: 'payout_schedule',
  terms: 'terms',
} as const satisfies Record<keyof AgreementInput, keyof AgreementFormInput>;

/** The form filled in from an agreement (the current version), or empty when there is none. */
export function agreementFormValues(agreement: Agreement | undefined): AgreementFormInput {
  return {
    title: agreement?.title ?? '',
    commission_percent: agreement ? bpsToPercentText(agreement.commission_rate_bps) : '',
    payout_schedule: agreement?.payout_schedule ?? '',
    terms: agreement?.terms ?? '',
  };
}

/** The POST body of the checked form: the commission in basis points. */
export function agreementInput(values: AgreementFormValues): AgreementInput {
  return {
    title: values.title,
    commission_rate_bps: values.commission_percent,
    payout_schedule: values.payout_schedule,
    terms: values.terms,
  };
}
