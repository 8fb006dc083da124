import { formatMoney } from '@/lib/money';
import type { DealInput, DealProductChoice } from '@/features/deals/api/deal-types';
import { addDays, DEAL_DAYS_AHEAD } from '@/features/deals/lib/deal-dates';
import { amountToCents } from '@/features/vendor/lib/amount';

/**
 * The propose-a-deal form: a product, a date (from tomorrow to 90 days ahead) and a deal price in
 * rand below what the product costs today; checked before sending in the API's words (its own
 * field errors are the truth).
 */

export interface DealFormValues {
  product_id: string;
  /** `YYYY-MM-DD`. */
  deal_date: string;
  /** Rand, like "99.00". */
  price: string;
}

export type DealField = 'product_id' | 'deal_date' | 'deal_price_cents';
export type DealErrors = Partial<Record<DealField, string>>;

export const DEAL_MESSAGES = {
  product: 'Choose one of your products',
  dateFormat: 'Use a date like 2026-12-01',
  dateTooSoon: 'Propose a date from tomorrow',
  dateTooLate: `Propose a date within ${DEAL_DAYS_AHEAD} days`,
  amount: 'Use an amount like 99.00',
} as const;

export function belowPriceMessage(priceCents: number): string {
  return `The deal price must be below today's price of ${formatMoney(priceCents)}`;
}

/** What is wrong before sending, keyed by the API's field names (empty: nothing). */
export function checkDeal(values: DealFormValues, today: string, product: DealProductChoice | undefined): DealErrors {
  const errors: DealErrors = {};
  if (!product) errors.product_id = DEAL_MESSAGES.product;
  const date = values.deal_date.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.deal_date = DEAL_MESSAGES.dateFormat;
  else if (date <= today) errors.deal_date = DEAL_MESSAGES.dateTooSoon;
  else if (date > addDays(today, DEAL_DAYS_AHEAD)) errors.deal_date = DEAL_MESSAGES.dateTooLate;
  const cents = amountToCents(values.price);
  if (cents === null || cents < 1) errors.deal_price_cents = DEAL_MESSAGES.amount;
  else if (product && cents >= product.price_cents) errors.deal_price_cents = belowPriceMessage(product.price_cents);
  return errors;
}

export function dealBody(values: DealFormValues): DealInput {
  return {
    product_id: values.product_id,
    deal_date: values.deal_date.trim(),
    deal_price_cents: amountToCents(values.price) ?? 0,
  };
}

/** The API's field errors (a 400's `fields`) for the form's fields, and the others' messages. */
export function dealErrorsOf(fields: Record<string, unknown> | undefined): { errors: DealErrors; other: string[] } {
  const errors: DealErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string') continue;
    if (field === 'product_id' || field === 'deal_date' || field === 'deal_price_cents') errors[field] = message;
    else other.push(message);
  }
  return { errors, other };
}
