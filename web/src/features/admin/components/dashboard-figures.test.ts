import { describe, expect, it } from 'vitest';
import {
  addDays,
  compactRand,
  inOrderFlow,
  salesRows,
  salesSummary,
  southAfricanDay,
} from '@/features/admin/components/dashboard-figures';

describe('the dashboard’s figures', () => {
  it('counts days in South African time', () => {
    // 23:30 UTC is already the next day in Johannesburg (UTC+2).
    expect(southAfricanDay(new Date('2026-11-27T21:59:00Z'))).toBe('2026-11-27');
    expect(southAfricanDay(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('fills the 30 days ending today, and ends on a later day the server sends', () => {
    const rows = salesRows([], new Date('2026-11-27T08:00:00Z'));
    expect(rows).toHaveLength(30);
    expect(rows[0]?.day).toBe('2026-10-29');
    expect(rows[29]?.day).toBe('2026-11-27');
    expect(rows.every((row) => row.salesCents === 0 && row.orders === 0)).toBe(true);

    const ahead = salesRows(
      [{ day: '2026-11-28', orders: 1, sales_cents: 500, refunds_cents: 0 }],
      new Date('2026-11-27T08:00:00Z'),
    );
    expect(ahead[29]).toMatchObject({ day: '2026-11-28', salesCents: 500 });
  });

  it('says when nothing sold', () => {
    expect(salesSummary(salesRows([], new Date('2026-11-27T08:00:00Z')))).toBe(
      'Sales per day over the last 30 days: no sales.',
    );
  });

  it('writes the axis short', () => {
    expect(compactRand(0)).toBe('R0');
    expect(compactRand(95_000)).toBe('R950');
    expect(compactRand(150_000)).toBe('R1.5k');
    expect(compactRand(230_000_000)).toBe('R2.3m');
  });

  it('puts order statuses in an order’s way through, unknown ones last as sent', () => {
    const sorted = inOrderFlow([
      { status: 'shipped', count: 1 },
      { status: 'zzz', count: 1 },
      { status: 'aaa', count: 1 },
      { status: 'pending_payment', count: 1 },
    ]);
    expect(sorted.map((row) => row.status)).toEqual(['pending_payment', 'shipped', 'zzz', 'aaa']);
  });
});
