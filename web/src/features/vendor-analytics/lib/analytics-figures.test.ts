import { describe, expect, it } from 'vitest';
import {
  chartRows,
  compactRand,
  conversionPercent,
  formatCents,
  formatCount,
  formatPercent,
  formatRating,
  salesSummary,
  updatedNote,
  viewsSummary,
} from '@/features/vendor-analytics/lib/analytics-figures';
import { analyticsHref, periodFrom } from '@/features/vendor-analytics/lib/analytics-params';
import { analyticsBucket, analyticsBuckets } from '@/test/vendor-analytics';

describe('chartRows', () => {
  it('keeps the buckets’ order and numbers, labelled by day', () => {
    const rows = chartRows(
      [
        analyticsBucket({ start: '2026-11-26', orders: 3, sales_cents: 64800, views: 40, units: 9, refunds_cents: 100 }),
        analyticsBucket({ start: '2026-11-27' }),
      ],
      'day',
    );
    expect(rows).toEqual([
      {
        start: '2026-11-26',
        label: '26 Nov',
        fullLabel: '26 Nov 2026',
        salesCents: 64800,
        orders: 3,
        views: 40,
        conversion: 7.5,
      },
      {
        start: '2026-11-27',
        label: '27 Nov',
        fullLabel: '27 Nov 2026',
        salesCents: 0,
        orders: 0,
        views: 0,
        conversion: null,
      },
    ]);
  });

  it('labels weeks by their Monday and months by name, across the turn of the year', () => {
    expect(chartRows(analyticsBuckets('2026-11-23', 1, 'week'), 'week')[0]).toMatchObject({
      label: '23 Nov',
      fullLabel: 'Week of 23 Nov 2026',
    });
    const months = chartRows(analyticsBuckets('2025-12-01', 12, 'month'), 'month');
    expect(months.map((row) => row.label)).toEqual([
      'Dec',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
    ]);
    expect(months[0]?.fullLabel).toBe('December 2025');
    expect(salesSummary(months.map((row, index) => ({ ...row, salesCents: index === 1 ? 100 : 0 })), 'month')).toMatch(
      /most sales in January 2026 \(R1\.00\)\.$/,
    );
    expect(months[11]?.fullLabel).toBe('November 2026');
  });

  it('shows a start it cannot read as it came', () => {
    expect(chartRows([analyticsBucket({ start: 'soon' })], 'day')[0]).toMatchObject({ label: 'soon', fullLabel: 'soon' });
  });
});

describe('figures', () => {
  it('works out conversion as the API does: orders per hundred views, to one decimal', () => {
    expect(conversionPercent(3, 40)).toBe(7.5);
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(5, 0)).toBeNull();
  });

  it('formats percentages, money that may be missing, counts and ratings', () => {
    expect(formatPercent(7.5)).toBe('7.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatCents(41500)).toBe('R415.00');
    expect(formatCents(null)).toBe('—');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRating(4.6)).toBe('4.6 / 5');
    expect(formatRating(4)).toBe('4.0 / 5');
    expect(formatRating(null)).toBe('No ratings yet');
  });

  it('shortens sales on the axis', () => {
    expect(compactRand(0)).toBe('R0');
    expect(compactRand(95000)).toBe('R950');
    expect(compactRand(150000)).toBe('R1.5k');
    expect(compactRand(1200000)).toBe('R12k');
    expect(compactRand(230000000)).toBe('R2.3m');
  });
});

describe('chart summaries', () => {
  const rows = chartRows(
    [
      analyticsBucket({ start: '2026-11-23', orders: 1, sales_cents: 20000, views: 10 }),
      analyticsBucket({ start: '2026-11-30', orders: 2, sales_cents: 50000, views: 30 }),
      analyticsBucket({ start: '2026-12-07', orders: 1, sales_cents: 50000, views: 30 }),
    ],
    'week',
  );

  it('names the period, the totals and the best bucket (the first of equals)', () => {
    expect(salesSummary(rows, 'week')).toBe(
      'Sales and orders by week over the last 12 weeks: R1,200.00 from 4 orders; most sales in the week of 30 Nov 2026 (R500.00).',
    );
    expect(viewsSummary(rows, 'week')).toBe(
      'Product views and orders by week over the last 12 weeks: 70 views and 4 orders, 5.7% conversion; most views in the week of 30 Nov 2026 (30 views).',
    );
  });

  it('says when there is nothing to show', () => {
    const empty = chartRows(analyticsBuckets('2025-12-01', 12, 'month'), 'month');
    expect(salesSummary(empty, 'month')).toBe('Sales and orders by month over the last 12 months: no sales.');
    expect(viewsSummary(empty, 'month')).toBe('Product views and orders by month over the last 12 months: no views.');
  });
});

describe('updatedNote', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('says how long ago the figures were brought up to date', () => {
    expect(updatedNote('2026-11-27T09:55:00Z', now)).toBe('Updated 5 minutes ago; figures refresh every ten minutes.');
    expect(updatedNote('2026-11-27T08:00:00Z', now)).toBe('Updated about 2 hours ago; figures refresh every ten minutes.');
    // A server clock a little ahead is not "in a minute".
    expect(updatedNote('2026-11-27T10:00:30Z', now)).toBe(
      'Updated less than a minute ago; figures refresh every ten minutes.',
    );
  });

  it('says when they have never been worked out', () => {
    expect(updatedNote(null, now)).toBe('Not computed yet; figures refresh every ten minutes.');
  });
});

describe('the period in the URL', () => {
  it('reads day, week or month, anything else as day', () => {
    expect(periodFrom(new URLSearchParams('period=week'))).toBe('week');
    expect(periodFrom(new URLSearchParams('period=month'))).toBe('month');
    expect(periodFrom(new URLSearchParams('period=year'))).toBe('day');
    expect(periodFrom(new URLSearchParams(''))).toBe('day');
    expect(periodFrom(null)).toBe('day');
  });

  it('leaves the default out', () => {
    expect(analyticsHref('day')).toBe('/vendor/analytics/');
    expect(analyticsHref('week')).toBe('/vendor/analytics/?period=week');
    expect(analyticsHref('month')).toBe('/vendor/analytics/?period=month');
  });
});
