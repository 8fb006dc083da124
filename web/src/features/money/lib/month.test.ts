import { describe, expect, it } from 'vitest';
import { currentMonth, formatSaDate, monthChoices, monthLabel, parseMonth, shiftMonth } from '@/features/money/lib/month';
import { moneyHref, moneyParamsFrom } from '@/features/money/lib/money-params';

describe('months in South African time', () => {
  it('takes the month from Johannesburg’s clock (UTC+2), not UTC’s', () => {
    expect(currentMonth(new Date('2026-11-30T21:59:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2026-11-30T22:00:00Z'))).toBe('2026-12');
    expect(currentMonth(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01');
  });

  it('reads only months the API takes', () => {
    expect(parseMonth('2026-11')).toBe('2026-11');
    expect(parseMonth(' 2026-01 ')).toBe('2026-01');
    for (const bad of [null, '', '2026-13', '2026-00', '2026-1', '26-11', '1999-12', '2101-01', '2026-11-01', 'november']) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it('steps across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', -24)).toBe('2024-11');
  });

  it('names months and dates the way South Africans read them', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    // 22:30 UTC on the 14th is the 15th in Johannesburg: the posting belongs to the 15th.
    expect(formatSaDate('2026-10-14T22:30:00Z')).toBe('15 Oct 2026');
  });

  it('offers the last two years, and a month outside them in its place', () => {
    const months = monthChoices('2026-11', '2026-11');
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2024-12');
    expect(monthChoices('2026-11', '2020-03').at(-1)).toBe('2020-03');
    expect(monthChoices('2026-11', '2027-02')[0]).toBe('2027-02');
  });
});

describe('the money page’s address', () => {
  const now = new Date('2026-11-30T23:30:00Z');

  it('defaults to this month in South Africa and page 1', () => {
    expect(moneyParamsFrom(new URLSearchParams(''), now)).toEqual({ month: '2026-12', page: 1 });
    expect(moneyParamsFrom(new URLSearchParams('month=nope&page=x'), now)).toEqual({ month: '2026-12', page: 1 });
    expect(moneyParamsFrom(new URLSearchParams('month=2026-10&page=3'), now)).toEqual({ month: '2026-10', page: 3 });
  });

  it('always names the month, and leaves page 1 out', () => {
    expect(moneyHref({ month: '2026-10', page: 1 })).toBe('/vendor/money/?month=2026-10');
    expect(moneyHref({ month: '2026-10', page: 2 })).toBe('/vendor/money/?month=2026-10&page=2');
  });
});
