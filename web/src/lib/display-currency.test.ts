import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_CURRENCY_KEY,
  approximatePrice,
  convertCents,
  displayCurrencies,
  rateMicros,
  storeDisplayCurrency,
  useDisplayCurrencyCode,
} from '@/lib/display-currency';
import { DEFAULT_CURRENCY } from '@/lib/money';
import { publicSettings } from '@/test/fixtures';

const USD = { code: 'USD', name: 'US Dollar', symbol: '$', decimal_places: 2, rate: '0.054321' };

describe('display currency', () => {
  it('reads rates as decimals of up to six places, in millionths', () => {
    expect(rateMicros('0.054321')).toBe(54_321n);
    expect(rateMicros('8.2')).toBe(8_200_000n);
    expect(rateMicros(' 1 ')).toBe(1_000_000n);
    expect(rateMicros('.5')).toBe(500_000n);
    for (const bad of [null, undefined, '', '.', '0', '0.000000', '-1', '1e3', '0.0000001', '1,5']) {
      expect(rateMicros(bad), String(bad)).toBeNull();
    }
  });

  it('converts cents at the rate, rounded half away from zero to the currency’s decimals', () => {
    // R399.00 at 0.054321 is $21.674079: $21.67.
    expect(convertCents(39900, '0.054321', 2)).toBe(2167);
    // R100.00 at 0.05 is exactly €5.00.
    expect(convertCents(10000, '0.05', 2)).toBe(500);
    // R1.00 at 0.005 is $0.005: half a cent rounds up.
    expect(convertCents(100, '0.005', 2)).toBe(1);
    expect(convertCents(-100, '0.005', 2)).toBe(-1);
    // No decimals (yen): R399.00 at 8.2 is ¥3271.8, ¥3272.
    expect(convertCents(39900, '8.2', 0)).toBe(3272);
    // Three decimals.
    expect(convertCents(12345, '1', 3)).toBe(123450);
    // Large amounts and rates stay exact.
    expect(convertCents(99_999_999_999, '1000.000001', 2)).toBe(100_000_000_099_000);
    expect(convertCents(39900, null, 2)).toBeNull();
    expect(convertCents(39900, 'abc', 2)).toBeNull();
  });

  it('writes the approximate amount with the currency’s symbol and decimals (JPY none)', () => {
    expect(approximatePrice(39900, USD, DEFAULT_CURRENCY)).toBe('≈ $21.67');
    expect(approximatePrice(39900, { ...USD, code: 'JPY', name: 'Yen', symbol: '¥', decimal_places: 2, rate: '8.2' }, DEFAULT_CURRENCY)).toBe(
      '≈ ¥3,272',
    );
    expect(approximatePrice(39900, { ...USD, code: 'CHF', name: 'Franc', symbol: null, rate: '0.05' }, DEFAULT_CURRENCY)).toBe(
      '≈ CHF 19.95',
    );
    expect(approximatePrice(39900, { ...USD, code: 'BWP', name: 'Pula', symbol: 'P', decimal_places: 1, rate: '0.73' }, DEFAULT_CURRENCY)).toBe(
      '≈ P291.3',
    );
  });

  it('offers the store currency first, then those offered with a rate', () => {
    const settings = publicSettings({
      currencies: [
        { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: true, rate: '0.05' },
        { code: 'GBP', name: 'British Pound', symbol: '£', decimal_places: 2, enabled: false, rate: '0.043' },
        { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimal_places: 0, enabled: true, rate: null },
        { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
      ],
    }).settings;
    expect(displayCurrencies(settings).map((currency) => currency.code)).toEqual(['ZAR', 'EUR']);
    expect(displayCurrencies(undefined)).toEqual([]);
  });

  it('keeps the choice in localStorage and tells every reader', () => {
    const { result } = renderHook(() => useDisplayCurrencyCode());
    expect(result.current).toBeNull();
    act(() => storeDisplayCurrency('USD'));
    expect(result.current).toBe('USD');
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('USD');
    act(() => storeDisplayCurrency(null));
    expect(result.current).toBeNull();
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBeNull();
  });
});
