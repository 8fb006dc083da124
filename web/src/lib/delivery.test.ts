import { describe, expect, it } from 'vitest';
import { deliveryLabel, estimateDelivery } from '@/lib/delivery';

describe('deliveryLabel', () => {
  it('shows a range with an en dash', () => {
    expect(deliveryLabel({ min_business_days: 4, max_business_days: 8 })).toBe('Delivery in 4–8 business days');
  });

  it('shows one number when min and max agree, singular for one day', () => {
    expect(deliveryLabel({ min_business_days: 3, max_business_days: 3 })).toBe('Delivery in 3 business days');
    expect(deliveryLabel({ min_business_days: 1, max_business_days: 1 })).toBe('Delivery in 1 business day');
  });

  it('is null without an estimate', () => {
    expect(deliveryLabel(null)).toBeNull();
    expect(deliveryLabel(undefined)).toBeNull();
  });
});

describe('estimateDelivery', () => {
  it('applies the floors of 3 and 7, then adds a day for handling, as the API does', () => {
    expect(estimateDelivery(1, 4)).toEqual({ min_business_days: 4, max_business_days: 8 });
    expect(estimateDelivery(5, 10)).toEqual({ min_business_days: 6, max_business_days: 11 });
    expect(estimateDelivery(null, null)).toEqual({ min_business_days: 4, max_business_days: 8 });
  });

  it('never puts the maximum below the minimum', () => {
    expect(estimateDelivery(12, 9)).toEqual({ min_business_days: 13, max_business_days: 13 });
  });
});
