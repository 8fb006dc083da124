import { describe, expect, it } from 'vitest';
import { adjustmentSchema, isReason, MONEY_MESSAGES, signedAmountToCents } from '@/features/money/lib/adjustment-schema';
import { formatSignedMoney } from '@/features/money/lib/money-words';

describe('signed amounts in rand', () => {
  it('reads a sign, an optional R and at most two decimals, exactly', () => {
    expect(signedAmountToCents('250')).toBe(25000);
    expect(signedAmountToCents('+250.00')).toBe(25000);
    expect(signedAmountToCents('-120.5')).toBe(-12050);
    expect(signedAmountToCents('-R120.50')).toBe(-12050);
    expect(signedAmountToCents('\u22120.29')).toBe(-29);
    expect(signedAmountToCents('R 0.29')).toBe(29);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-', 'R', '12.345', '1,000', '--5', 'abc', '5-']) {
      expect(signedAmountToCents(bad)).toBeNull();
    }
  });

  it('shows amounts with their sign', () => {
    expect(formatSignedMoney(43560)).toBe('+R435.60');
    expect(formatSignedMoney(-125050)).toBe('-R1,250.50');
    expect(formatSignedMoney(0)).toBe('R0.00');
  });
});

describe('the adjustment form', () => {
  it('sends cents and the trimmed reason', () => {
    expect(adjustmentSchema.parse({ vendor_id: 'v-1', amount: '-120.50', reason: '  Courier fee  ' })).toEqual({
      vendor_id: 'v-1',
      amount: -12050,
      reason: 'Courier fee',
    });
  });

  it('refuses zero, more than R1,000,000 either way, and a reason of under 3 or over 500 characters', () => {
    const messages = (input: { vendor_id: string; amount: string; reason: string }) =>
      adjustmentSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ vendor_id: '', amount: '0', reason: 'ok' })).toEqual([
      MONEY_MESSAGES.vendor,
      MONEY_MESSAGES.amountRange,
      MONEY_MESSAGES.reason,
    ]);
    expect(messages({ vendor_id: 'v', amount: '1000000.01', reason: 'Fee' })).toEqual([MONEY_MESSAGES.amountRange]);
    expect(messages({ vendor_id: 'v', amount: '-1000000.00', reason: 'Fee' })).toEqual([]);
    expect(isReason('x'.repeat(500))).toBe(true);
    expect(isReason('x'.repeat(501))).toBe(false);
    // Characters as the server counts them: an emoji is one.
    expect(isReason('👍👍👍')).toBe(true);
  });
});
