import { describe, expect, it } from 'vitest';
import { deliveryLabel } from '@/lib/delivery';

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
