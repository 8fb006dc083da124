import { describe, expect, it } from 'vitest';
import { amountToCents, isAmount } from '@/features/vendor/lib/amount';

describe('amountToCents', () => {
  it('reads rand as cents exactly', () => {
    expect(amountToCents('65.00')).toBe(6500);
    expect(amountToCents('65')).toBe(6500);
    expect(amountToCents(' 65.5 ')).toBe(6550);
    expect(amountToCents('0.29')).toBe(29);
    expect(amountToCents('100000.00')).toBe(10_000_000);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', 'R65', '65.123', '-5', '6,500', '1e3', '.5']) {
      expect(amountToCents(text)).toBeNull();
      expect(isAmount(text)).toBe(false);
    }
  });
});
