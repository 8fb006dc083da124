import { describe, expect, it } from 'vitest';
import { bpsToPercentText, formatCommission, percentToBps } from '@/lib/selling/commission';

describe('commission rates', () => {
  it('reads basis points as a percentage', () => {
    expect(formatCommission(1000)).toBe('10%');
    expect(formatCommission(1250)).toBe('12.5%');
    expect(formatCommission(1225)).toBe('12.25%');
    expect(formatCommission(0)).toBe('0%');
  });

  it('turns a typed percentage into basis points, from 0 to 50 with two decimals at most', () => {
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps(' 7,25 % ')).toBe(725);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('50')).toBe(5000);
    expect(percentToBps('50.01')).toBeNull();
    expect(percentToBps('12.345')).toBeNull();
    expect(percentToBps('-1')).toBeNull();
    expect(percentToBps('')).toBeNull();
    expect(percentToBps('ten')).toBeNull();
  });

  it('writes basis points as percentage text that reads back the same', () => {
    expect(bpsToPercentText(1250)).toBe('12.5');
    expect(bpsToPercentText(1000)).toBe('10');
    expect(bpsToPercentText(1115)).toBe('11.15');
    expect(bpsToPercentText(0)).toBe('0');
    for (const bps of [0, 1, 99, 725, 1115, 2999, 5000]) expect(percentToBps(bpsToPercentText(bps))).toBe(bps);
  });
});
