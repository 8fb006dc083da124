import { z } from 'zod';
import { centsToAmount } from '@/lib/money';
import { amountToCents } from '@/features/vendor/lib/amount';
import { MAX_DELIVERY_DAYS, STORE_PROFILE_MESSAGES } from '@/features/vendor/lib/store-profile-schema';
import type { ShippingInput, VendorShipping } from '@/features/shipping/api/shipping-types';

/**
 * The shipping page's form (/vendor/shipping): delivery days as text, and each amount as rand
 * text ("65.00") with a "use the platform's" choice. The API's rules and messages
 * (crates/domain/src/shipping.rs, ShippingDraft::parse; delivery::check_days) are checked before
 * sending; the API's field errors, keyed by its field names, land on the same inputs.
 */

/** The highest flat rate, in cents: R10 000. */
export const MAX_FLAT_RATE_CENTS = 1_000_000;
/** The highest free-shipping threshold, in cents: R1 000 000. */
export const MAX_FREE_THRESHOLD_CENTS = 100_000_000;

export const SHIPPING_MESSAGES = {
  days: STORE_PROFILE_MESSAGES.days,
  maxDays: STORE_PROFILE_MESSAGES.maxDays,
  amount: 'Use an amount like 65.00',
  rateRequired: 'Enter your flat rate, or use the platform’s',
  thresholdRequired: 'Enter your threshold, or use the platform’s',
  // As the API words them (Cents' Display: no grouping).
  rateRange: `The flat rate is between R0.00 and R${centsToAmount(MAX_FLAT_RATE_CENTS)}`,
  thresholdRange: `The free-shipping threshold is between R0.00 and R${centsToAmount(MAX_FREE_THRESHOLD_CENTS)}`,
} as const;

/** Business days as typed: empty (the platform's standard) or a whole number from 1 to 60. */
function readDays(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  const days = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  return days >= 1 && days <= MAX_DELIVERY_DAYS ? days : undefined;
}

export const shippingSchema = z
  .object({
    standard_delivery_min_days: z.string(),
    standard_delivery_max_days: z.string(),
    use_platform_rate: z.boolean(),
    flat_rate: z.string(),
    use_platform_threshold: z.boolean(),
    free_shipping_threshold: z.string(),
  })
  .superRefine((values, context) => {
    const issue = (path: keyof typeof values, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const min = readDays(values.standard_delivery_min_days);
    const max = readDays(values.standard_delivery_max_days);
    if (min === undefined) issue('standard_delivery_min_days', SHIPPING_MESSAGES.days);
    if (max === undefined) issue('standard_delivery_max_days', SHIPPING_MESSAGES.days);
    else if (typeof min === 'number' && typeof max === 'number' && min > max) {
      issue('standard_delivery_max_days', SHIPPING_MESSAGES.maxDays);
    }
    const amount = (
      field: 'flat_rate' | 'free_shipping_threshold',
      value: string,
      max: number,
      required: string,
      range: string,
    ) => {
      if (value.trim() === '') return issue(field, required);
      const cents = amountToCents(value);
      if (cents === null) issue(field, SHIPPING_MESSAGES.amount);
      else if (cents > max) issue(field, range);
    };
    if (!values.use_platform_rate) {
      amount('flat_rate', values.flat_rate, MAX_FLAT_RATE_CENTS, SHIPPING_MESSAGES.rateRequired, SHIPPING_MESSAGES.rateRange);
    }
    if (!values.use_platform_threshold) {
      amount(
        'free_shipping_threshold',
        values.free_shipping_threshold,
        MAX_FREE_THRESHOLD_CENTS,
        SHIPPING_MESSAGES.thresholdRequired,
        SHIPPING_MESSAGES.thresholdRange,
      );
    }
  });

export type ShippingFormValues = z.infer<typeof shippingSchema>;
export type ShippingFormField = keyof ShippingFormValues;

/** The form for the page as the API has it: the vendor's own amounts, or the platform's to start from. */
export function shippingFormValues(shipping: VendorShipping): ShippingFormValues {
  const days = (value: number | null) => (value === null ? '' : String(value));
  return {
    standard_delivery_min_days: days(shipping.standard_delivery_min_days),
    standard_delivery_max_days: days(shipping.standard_delivery_max_days),
    use_platform_rate: shipping.flat_rate_cents === null,
    flat_rate: centsToAmount(shipping.flat_rate_cents ?? shipping.platform.default_shipping_rate_cents),
    use_platform_threshold: shipping.free_shipping_threshold_cents === null,
    free_shipping_threshold: centsToAmount(
      shipping.free_shipping_threshold_cents ?? shipping.platform.free_shipping_threshold_cents,
    ),
  };
}

/** What PUT sends for a form that passed shippingSchema: an amount left to the platform is null. */
export function shippingInput(values: ShippingFormValues): ShippingInput {
  return {
    standard_delivery_min_days: readDays(values.standard_delivery_min_days) ?? null,
    standard_delivery_max_days: readDays(values.standard_delivery_max_days) ?? null,
    flat_rate_cents: values.use_platform_rate ? null : amountToCents(values.flat_rate),
    free_shipping_threshold_cents: values.use_platform_threshold ? null : amountToCents(values.free_shipping_threshold),
  };
}

/** The API's field names, in the page's order. */
export const SHIPPING_API_FIELDS = [
  'standard_delivery_min_days',
  'standard_delivery_max_days',
  'flat_rate_cents',
  'free_shipping_threshold_cents',
] as const satisfies readonly (keyof ShippingInput)[];

/** The form's input each of the API's field messages goes under. */
export const SHIPPING_FIELDS = {
  standard_delivery_min_days: 'standard_delivery_min_days',
  standard_delivery_max_days: 'standard_delivery_max_days',
  flat_rate_cents: 'flat_rate',
  free_shipping_threshold_cents: 'free_shipping_threshold',
} as const satisfies Record<(typeof SHIPPING_API_FIELDS)[number], ShippingFormField>;

/** The delivery customers would be promised for the days typed, or null while they are not valid. */
export function typedEstimateDays(min: string, max: string): [number | null, number | null] | null {
  const [fewest, most] = [readDays(min), readDays(max)];
  if (fewest === undefined || most === undefined) return null;
  if (fewest !== null && most !== null && fewest > most) return null;
  return [fewest, most];
}

/** "Customers see delivery in 4–8 business days". */
export function deliveryPromise(minBusinessDays: number, maxBusinessDays: number): string {
  const days = minBusinessDays === maxBusinessDays ? `${minBusinessDays}` : `${minBusinessDays}–${maxBusinessDays}`;
  const unit = minBusinessDays === maxBusinessDays && minBusinessDays === 1 ? 'day' : 'days';
  return `Customers see delivery in ${days} business ${unit}`;
}
