import type { StatusTone } from '@/components/area/status-badge';
import { centsToAmount, formatMoney } from '@/lib/money';
import type { CouponInput, CouponKind, VendorCoupon } from '@/features/coupons/api/coupon-types';
import { amountToCents } from '@/features/vendor/lib/amount';
import { formatDateTime, isLocalInput, isoToLocalInput, localInputToIso } from '@/features/vendor/lib/local-datetime';

/**
 * The coupon form: its values (text as typed; amounts in rand, times as `datetime-local`), the
 * checks made before sending (the API's rules and words, crates/domain coupon; its own field
 * errors are the truth), the CouponInput it sends, and how a coupon reads in the list.
 */

export interface CouponFormValues {
  code: string;
  description: string;
  kind: CouponKind;
  /** Percent ("10") or rand ("50.00"), by kind. */
  value: string;
  /** Rand; empty: no minimum. */
  min_spend: string;
  /** `datetime-local`; empty: from now. */
  starts_at: string;
  /** `datetime-local`; empty: no end. */
  expires_at: string;
  /** Empty: no limit. */
  usage_limit: string;
  per_customer_limit: string;
  active: boolean;
}

/** The API's field names, which the form's errors are keyed by. */
export type CouponField =
  | 'code'
  | 'description'
  | 'kind'
  | 'value'
  | 'min_spend_cents'
  | 'starts_at'
  | 'expires_at'
  | 'usage_limit'
  | 'per_customer_limit'
  | 'active';

export type CouponErrors = Partial<Record<CouponField, string>>;

export const DESCRIPTION_MAX = 200;
/** R100 000.00, the most an amount off may be. */
const FIXED_MAX_CENTS = 10_000_000;

export const COUPON_MESSAGES = {
  codeLength: 'Use 3 to 20 letters, digits or dashes',
  codeCharacters: 'Use only letters, digits and dashes',
  descriptionLong: `Use at most ${DESCRIPTION_MAX} characters`,
  percentage: 'A percentage is 1 to 100',
  fixed: 'An amount off is between R0.01 and R100000.00',
  amount: 'Use an amount like 250.00',
  dateTime: 'Choose a date and a time',
  endBeforeStart: 'The end comes after the start',
  limit: 'A limit is at least 1',
  perCustomer: 'At most the overall limit',
} as const;

const WHOLE = /^\d{1,9}$/;

export function emptyCouponValues(): CouponFormValues {
  return {
    code: '',
    description: '',
    kind: 'percentage',
    value: '',
    min_spend: '',
    starts_at: '',
    expires_at: '',
    usage_limit: '',
    per_customer_limit: '',
    active: true,
  };
}

export function couponKind(kind: string): CouponKind {
  return kind === 'fixed' ? 'fixed' : 'percentage';
}

/** The form for `coupon` as the API has it. */
export function couponValuesFrom(coupon: VendorCoupon): CouponFormValues {
  const kind = couponKind(coupon.kind);
  return {
    code: coupon.code,
    description: coupon.description,
    kind,
    value: kind === 'fixed' ? centsToAmount(coupon.value) : String(coupon.value),
    min_spend: coupon.min_spend_cents > 0 ? centsToAmount(coupon.min_spend_cents) : '',
    starts_at: isoToLocalInput(coupon.starts_at),
    expires_at: isoToLocalInput(coupon.expires_at),
    usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
    per_customer_limit: coupon.per_customer_limit === null ? '' : String(coupon.per_customer_limit),
    active: coupon.active,
  };
}

function limitOf(text: string): number | null {
  const value = text.trim();
  return WHOLE.test(value) ? Number(value) : null;
}

/** What is wrong with `values` before sending, keyed by the API's field names (empty: nothing). */
export function checkCoupon(values: CouponFormValues): CouponErrors {
  const errors: CouponErrors = {};
  const code = values.code.trim();
  if (code.length < 3 || code.length > 20) errors.code = COUPON_MESSAGES.codeLength;
  else if (!/^[A-Za-z0-9-]+$/.test(code)) errors.code = COUPON_MESSAGES.codeCharacters;

  if (Array.from(values.description.trim()).length > DESCRIPTION_MAX) errors.description = COUPON_MESSAGES.descriptionLong;

  if (values.kind === 'percentage') {
    const percent = limitOf(values.value);
    if (percent === null || percent < 1 || percent > 100) errors.value = COUPON_MESSAGES.percentage;
  } else {
    const cents = amountToCents(values.value);
    if (cents === null || cents < 1 || cents > FIXED_MAX_CENTS) errors.value = COUPON_MESSAGES.fixed;
  }

  if (values.min_spend.trim() !== '' && amountToCents(values.min_spend) === null) errors.min_spend_cents = COUPON_MESSAGES.amount;

  if (!isLocalInput(values.starts_at)) errors.starts_at = COUPON_MESSAGES.dateTime;
  if (!isLocalInput(values.expires_at)) errors.expires_at = COUPON_MESSAGES.dateTime;
  const starts = localInputToIso(values.starts_at);
  const ends = localInputToIso(values.expires_at);
  if (starts !== null && ends !== null && Date.parse(ends) <= Date.parse(starts)) {
    errors.expires_at = COUPON_MESSAGES.endBeforeStart;
  }

  const overall = limitOf(values.usage_limit);
  const perCustomer = limitOf(values.per_customer_limit);
  if (values.usage_limit.trim() !== '' && (overall === null || overall < 1)) errors.usage_limit = COUPON_MESSAGES.limit;
  if (values.per_customer_limit.trim() !== '' && (perCustomer === null || perCustomer < 1)) {
    errors.per_customer_limit = COUPON_MESSAGES.limit;
  } else if (overall !== null && perCustomer !== null && perCustomer > overall) {
    errors.per_customer_limit = COUPON_MESSAGES.perCustomer;
  }
  return errors;
}

/** What the form sends, once checkCoupon found nothing: the code in capitals, money in cents, times in UTC. */
export function couponBody(values: CouponFormValues): CouponInput {
  const value = values.kind === 'fixed' ? (amountToCents(values.value) ?? 0) : Number(values.value.trim());
  return {
    code: values.code.trim().toUpperCase(),
    description: values.description.trim(),
    kind: values.kind,
    value,
    min_spend_cents: values.min_spend.trim() === '' ? 0 : (amountToCents(values.min_spend) ?? 0),
    starts_at: localInputToIso(values.starts_at),
    expires_at: localInputToIso(values.expires_at),
    usage_limit: limitOf(values.usage_limit),
    per_customer_limit: limitOf(values.per_customer_limit),
    active: values.active,
  };
}

const FIELDS: readonly CouponField[] = [
  'code',
  'description',
  'kind',
  'value',
  'min_spend_cents',
  'starts_at',
  'expires_at',
  'usage_limit',
  'per_customer_limit',
  'active',
];

/** The API's field errors (a 400's `fields`) for the form's fields, and the others' messages. */
export function couponErrorsOf(fields: Record<string, unknown> | undefined): { errors: CouponErrors; other: string[] } {
  const errors: CouponErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string') continue;
    if ((FIELDS as readonly string[]).includes(field)) errors[field as CouponField] = message;
    else other.push(message);
  }
  return { errors, other };
}

/** Where a coupon is, now: switched off, past its end, not started yet, or taking orders. */
export function couponStatus(coupon: VendorCoupon, now: number = Date.now()): { label: string; tone: StatusTone } {
  if (!coupon.active) return { label: 'Off', tone: 'neutral' };
  if (coupon.expires_at !== null && Date.parse(coupon.expires_at) <= now) return { label: 'Expired', tone: 'warning' };
  if (coupon.starts_at !== null && Date.parse(coupon.starts_at) > now) return { label: 'Scheduled', tone: 'info' };
  return { label: 'Active', tone: 'success' };
}

/** "10%" or "R50.00". */
export function discountLabel(coupon: Pick<VendorCoupon, 'kind' | 'value'>): string {
  return couponKind(coupon.kind) === 'fixed' ? formatMoney(coupon.value) : `${coupon.value}%`;
}

export function minimumSpendLabel(cents: number): string {
  return cents > 0 ? formatMoney(cents) : 'None';
}

/** "Any time", "From 01 Dec 2026, 09:00", "Until …" or "… – …". */
export function windowLabel(coupon: Pick<VendorCoupon, 'starts_at' | 'expires_at'>): string {
  const { starts_at: starts, expires_at: ends } = coupon;
  if (starts && ends) return `${formatDateTime(starts)} – ${formatDateTime(ends)}`;
  if (starts) return `From ${formatDateTime(starts)}`;
  if (ends) return `Until ${formatDateTime(ends)}`;
  return 'Any time';
}

/** "3 / 100", or "3 / no limit". */
export function usesLabel(coupon: Pick<VendorCoupon, 'times_used' | 'usage_limit'>): string {
  return `${coupon.times_used.toLocaleString('en-ZA')} / ${
    coupon.usage_limit === null ? 'no limit' : coupon.usage_limit.toLocaleString('en-ZA')
  }`;
}
