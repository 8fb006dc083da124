import { z } from 'zod';
import { amountToCents } from '@/features/vendor/lib/amount';
import type { Adjustment } from '@/features/money/api/money-types';

/**
 * The admin's forms on /admin/payouts: the API's rules and messages (crates/api/src/routes/
 * admin_money.rs) checked before sending. The server checks again; its field errors
 * (`error.fields`, keyed by the API's names) land on the same inputs.
 */

export const REASON_MIN = 3;
export const REASON_MAX = 500;
/** R1,000,000.00 either way. */
export const ADJUSTMENT_MAX_CENTS = 100_000_000;

export const MONEY_MESSAGES = {
  vendor: 'Choose the vendor',
  amount: 'Enter an amount in rand, e.g. 250.00 or -120.50',
  amountRange: 'An adjustment is not zero and at most R1,000,000.00 either way',
  reason: `Say why (${REASON_MIN} to ${REASON_MAX} characters)`,
  failedReason: `Say why the payout failed (${REASON_MIN} to ${REASON_MAX} characters)`,
} as const;

/**
 * Cents from rand typed with an optional sign ("250", "+250.00", "-120.5", "-R120.50"), or null
 * when the text is not an amount. Split at the point, never multiplied as a float.
 */
export function signedAmountToCents(text: string): number | null {
  const match = /^([+\-\u2212])?\s*R?\s*(.+)$/i.exec(text.trim());
  if (!match?.[2]) return null;
  const cents = amountToCents(match[2]);
  if (cents === null) return null;
  return match[1] && match[1] !== '+' ? -cents : cents;
}

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(text: string): number {
  return [...text.trim()].length;
}

/** Whether a reason is 3 to 500 characters, once trimmed. */
export function isReason(text: string): boolean {
  const length = charCount(text);
  return length >= REASON_MIN && length <= REASON_MAX;
}

export const adjustmentSchema = z.object({
  vendor_id: z.string().min(1, MONEY_MESSAGES.vendor),
  amount: z
    .string()
    .refine((text) => signedAmountToCents(text) !== null, MONEY_MESSAGES.amount)
    .transform((text) => signedAmountToCents(text) ?? 0)
    .refine((cents) => cents !== 0 && Math.abs(cents) <= ADJUSTMENT_MAX_CENTS, MONEY_MESSAGES.amountRange),
  reason: z
    .string()
    .refine(isReason, MONEY_MESSAGES.reason)
    .transform((text) => text.trim()),
});

export type AdjustmentFormInput = z.input<typeof adjustmentSchema>;
export type AdjustmentFormValues = z.output<typeof adjustmentSchema>;

export const EMPTY_ADJUSTMENT: AdjustmentFormInput = { vendor_id: '', amount: '', reason: '' };

/** The form's input for each name the API gives a field error under. */
export const ADJUSTMENT_FIELDS = {
  amount_cents: 'amount',
  reason: 'reason',
} as const satisfies Record<keyof Adjustment, keyof AdjustmentFormInput>;

/** The POST body of the checked form. */
export function adjustmentBody(values: AdjustmentFormValues): Adjustment {
  return { amount_cents: values.amount, reason: values.reason };
}
