import { describe, expect, it } from 'vitest';
import { centsToAmount, DEFAULT_CURRENCY, formatMoney, PRICE_VARIES } from '@/lib/money';

const ZAR = { code: 'ZAR', symbol: 'R', decimal_places: 2 };

describe('formatMoney: the examples in docs/contracts.md', () => {
  it.each([
    [49900, ZAR, 'R499.00'],
    [129900, ZAR, 'R1,299.00'],
    [50, ZAR, 'R0.50'],
    [1299, { code: 'JPY' }, '¥1,299'],
    [1250, { code: 'CHF' }, 'CHF 12.50'],
  ])('%i %o → %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it('shows "Price varies" for a missing price', () => {
    expect(formatMoney(null, ZAR)).toBe('Price varies');
    expect(formatMoney(undefined, ZAR)).toBe('Price varies');
    expect(PRICE_VARIES).toBe('Price varies');
  });
});

describe('formatMoney: symbols', () => {
  it.each([
    ['USD', '$12.50'],
    ['EUR', '€12.50'],
    ['GBP', '£12.50'],
    ['ZAR', 'R12.50'],
  ])('%s uses its fixed symbol', (code, expected) => {
    expect(formatMoney(1250, { code, decimal_places: 2 })).toBe(expected);
  });

  it('a known code keeps its symbol whatever is configured', () => {
    expect(formatMoney(1250, { code: 'ZAR', symbol: 'ZAR', decimal_places: 2 })).toBe('R12.50');
  });

  it('another currency uses its configured symbol, immediately before the amount', () => {
    expect(formatMoney(1250, { code: 'CHF', symbol: 'Fr.', decimal_places: 2 })).toBe('Fr.12.50');
  });

  it('another currency without a symbol uses the code and a space', () => {
    expect(formatMoney(1250, { code: 'CHF', symbol: null })).toBe('CHF 12.50');
    expect(formatMoney(1250, { code: 'CHF', symbol: '' })).toBe('CHF 12.50');
    expect(formatMoney(1250, { code: 'CHF', symbol: '  ' })).toBe('CHF 12.50');
  });

  it('matches codes case-insensitively', () => {
    expect(formatMoney(1250, { code: 'zar' })).toBe('R12.50');
    expect(formatMoney(1250, { code: 'chf' })).toBe('CHF 12.50');
  });
});

describe('formatMoney: decimals', () => {
  it('defaults to 2 decimals', () => {
    expect(formatMoney(123456, { code: 'ZAR' })).toBe('R1,234.56');
    expect(formatMoney(1250, { code: 'CHF', decimal_places: null })).toBe('CHF 12.50');
  });

  it('uses the configured decimal places', () => {
    expect(formatMoney(1299, { code: 'KWD', symbol: 'KD', decimal_places: 3 })).toBe('KD1.299');
    expect(formatMoney(1299, { code: 'ISK', symbol: 'kr', decimal_places: 0 })).toBe('kr1,299');
  });

  it('shows at most 4 decimals, like crates/domain', () => {
    expect(formatMoney(123456789, { code: 'XBT', symbol: '₿', decimal_places: 8 })).toBe('₿12,345.6789');
  });

  it('JPY always has 0 decimals, whatever is configured', () => {
    expect(formatMoney(1299, { code: 'JPY', symbol: '¥', decimal_places: 2 })).toBe('¥1,299');
    expect(formatMoney(5, { code: 'JPY' })).toBe('¥5');
  });

  it('falls back to 2 decimals for a nonsensical configuration', () => {
    expect(formatMoney(1250, { code: 'CHF', decimal_places: -1 })).toBe('CHF 12.50');
    expect(formatMoney(1250, { code: 'CHF', decimal_places: 1.5 })).toBe('CHF 12.50');
  });
});

describe('formatMoney: edge cases', () => {
  it('zero', () => {
    expect(formatMoney(0, ZAR)).toBe('R0.00');
    expect(formatMoney(0, { code: 'JPY' })).toBe('¥0');
  });

  it('single cents are zero-padded', () => {
    expect(formatMoney(1, ZAR)).toBe('R0.01');
    expect(formatMoney(5, { code: 'KWD', symbol: 'KD', decimal_places: 3 })).toBe('KD0.005');
  });

  it('groups thousands at every boundary', () => {
    expect(formatMoney(99999, ZAR)).toBe('R999.99');
    expect(formatMoney(100000, ZAR)).toBe('R1,000.00');
    expect(formatMoney(100000000, ZAR)).toBe('R1,000,000.00');
    expect(formatMoney(123456789012, ZAR)).toBe('R1,234,567,890.12');
  });

  it('large amounts keep every digit', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, ZAR)).toBe('R90,071,992,547,409.91');
    expect(formatMoney(1e21, { code: 'JPY' })).toBe('¥1,000,000,000,000,000,000,000');
  });

  it('negative amounts put the sign before the symbol', () => {
    expect(formatMoney(-1250, ZAR)).toBe('-R12.50');
    expect(formatMoney(-129900, ZAR)).toBe('-R1,299.00');
    expect(formatMoney(-5, { code: 'CHF' })).toBe('-CHF 0.05');
  });

  it('non-integer cents are rounded to whole cents', () => {
    expect(formatMoney(1249.6, ZAR)).toBe('R12.50');
  });

  it('a non-finite amount is treated as missing', () => {
    expect(formatMoney(Number.NaN, ZAR)).toBe('Price varies');
    expect(formatMoney(Number.POSITIVE_INFINITY, ZAR)).toBe('Price varies');
  });

  it('without a currency it formats in the store default, ZAR', () => {
    expect(DEFAULT_CURRENCY).toEqual({ code: 'ZAR', symbol: 'R', decimal_places: 2 });
    expect(formatMoney(49900)).toBe('R499.00');
  });
});

describe('centsToAmount: the amount text forms send the API', () => {
  it.each([
    [49900, '499.00'],
    [50, '0.50'],
    [5, '0.05'],
    [0, '0.00'],
    [129999, '1299.99'],
    [-250, '-2.50'],
  ])('%i → %s', (cents, expected) => {
    expect(centsToAmount(cents)).toBe(expected);
  });
});
