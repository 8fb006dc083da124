import { describe, expect, it } from 'vitest';
import type { VendorCoupon } from '@/features/coupons/api/coupon-types';
import {
  checkCoupon,
  COUPON_MESSAGES,
  couponBody,
  couponErrorsOf,
  couponStatus,
  couponValuesFrom,
  discountLabel,
  emptyCouponValues,
  minimumSpendLabel,
  usesLabel,
  windowLabel,
  type CouponFormValues,
} from '@/features/coupons/lib/coupon-form';

function coupon(overrides: Partial<VendorCoupon> = {}): VendorCoupon {
  return {
    id: 'c-1',
    code: 'SUMMER-10',
    description: '',
    kind: 'percentage',
    value: 10,
    min_spend_cents: 0,
    starts_at: null,
    expires_at: null,
    usage_limit: null,
    per_customer_limit: null,
    times_used: 0,
    active: true,
    ...overrides,
  };
}

function values(overrides: Partial<CouponFormValues> = {}): CouponFormValues {
  return { ...emptyCouponValues(), code: 'summer-10', value: '10', ...overrides };
}

describe('the coupon form', () => {
  it('sends the code in capitals, rand as cents, times in UTC and empty limits as none', () => {
    expect(
      couponBody(
        values({
          kind: 'fixed',
          value: '50',
          min_spend: '250.50',
          starts_at: '2026-12-01T09:00',
          usage_limit: '100',
          description: '  Summer ',
        }),
      ),
    ).toEqual({
      code: 'SUMMER-10',
      description: 'Summer',
      kind: 'fixed',
      value: 5000,
      min_spend_cents: 25050,
      starts_at: new Date(2026, 11, 1, 9, 0).toISOString(),
      expires_at: null,
      usage_limit: 100,
      per_customer_limit: null,
      active: true,
    });
    expect(couponBody(values())).toMatchObject({ kind: 'percentage', value: 10, min_spend_cents: 0 });
  });

  it('reads a coupon back into the form', () => {
    expect(
      couponValuesFrom(coupon({ kind: 'fixed', value: 5000, min_spend_cents: 25000, usage_limit: 100, active: false })),
    ).toMatchObject({ kind: 'fixed', value: '50.00', min_spend: '250.00', usage_limit: '100', per_customer_limit: '', active: false });
  });

  it('checks the API’s rules before sending, in its words', () => {
    expect(checkCoupon(values())).toEqual({});
    expect(checkCoupon(values({ code: 'AB' })).code).toBe(COUPON_MESSAGES.codeLength);
    expect(checkCoupon(values({ code: 'SUMMER 10' })).code).toBe(COUPON_MESSAGES.codeCharacters);
    expect(checkCoupon(values({ value: '101' })).value).toBe(COUPON_MESSAGES.percentage);
    expect(checkCoupon(values({ value: '12.5' })).value).toBe(COUPON_MESSAGES.percentage);
    expect(checkCoupon(values({ kind: 'fixed', value: '0' })).value).toBe(COUPON_MESSAGES.fixed);
    expect(checkCoupon(values({ kind: 'fixed', value: '100000.01' })).value).toBe(COUPON_MESSAGES.fixed);
    expect(checkCoupon(values({ min_spend: 'R250' })).min_spend_cents).toBe(COUPON_MESSAGES.amount);
    expect(
      checkCoupon(values({ starts_at: '2026-12-02T09:00', expires_at: '2026-12-01T09:00' })).expires_at,
    ).toBe(COUPON_MESSAGES.endBeforeStart);
    expect(checkCoupon(values({ usage_limit: '0' })).usage_limit).toBe(COUPON_MESSAGES.limit);
    expect(checkCoupon(values({ usage_limit: '5', per_customer_limit: '6' })).per_customer_limit).toBe(
      COUPON_MESSAGES.perCustomer,
    );
  });

  it('sorts the API’s field errors into the form’s and the others', () => {
    expect(couponErrorsOf({ code: 'This code is taken: choose another', store: 'No store', value: 3 })).toEqual({
      errors: { code: 'This code is taken: choose another' },
      other: ['No store'],
    });
  });
});

describe('a coupon in the list', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');

  it('says whether it is active, off, expired or scheduled', () => {
    expect(couponStatus(coupon(), now).label).toBe('Active');
    expect(couponStatus(coupon({ active: false, expires_at: '2026-11-01T00:00:00Z' }), now).label).toBe('Off');
    expect(couponStatus(coupon({ expires_at: '2026-12-01T09:59:00Z' }), now)).toEqual({ label: 'Expired', tone: 'warning' });
    expect(couponStatus(coupon({ starts_at: '2026-12-02T00:00:00Z' }), now)).toEqual({ label: 'Scheduled', tone: 'info' });
  });

  it('reads its discount, minimum, window and uses', () => {
    expect(discountLabel({ kind: 'percentage', value: 10 })).toBe('10%');
    expect(discountLabel({ kind: 'fixed', value: 5000 })).toBe('R50.00');
    expect(minimumSpendLabel(0)).toBe('None');
    expect(minimumSpendLabel(25000)).toBe('R250.00');
    expect(windowLabel({ starts_at: null, expires_at: null })).toBe('Any time');
    const start = new Date(2026, 11, 1, 9, 0).toISOString();
    const end = new Date(2026, 11, 31, 23, 59).toISOString();
    expect(windowLabel({ starts_at: start, expires_at: null })).toBe('From 01 Dec 2026, 09:00');
    expect(windowLabel({ starts_at: null, expires_at: end })).toBe('Until 31 Dec 2026, 23:59');
    expect(windowLabel({ starts_at: start, expires_at: end })).toBe('01 Dec 2026, 09:00 – 31 Dec 2026, 23:59');
    expect(usesLabel({ times_used: 3, usage_limit: 100 })).toBe('3 / 100');
    expect(usesLabel({ times_used: 0, usage_limit: null })).toBe('0 / no limit');
  });
});
