import { formatDistance, format, isValid, parseISO } from 'date-fns';
import { DEFAULT_CURRENCY, formatMoney } from '@/lib/money';
import type { AnalyticsBucket, AnalyticsPeriod } from '@/features/vendor-analytics/api/analytics-types';
import { periodLook } from '@/features/vendor-analytics/lib/analytics-params';

/**
 * The analytics page's figures as it shows them: the rows both charts and their tables are drawn
 * from, and the words around them. Pure, so the numbers are tested without drawing a chart.
 */

/** One bar of the charts (and one row of their tables). */
export interface ChartRow {
  /** The bucket's first day, `YYYY-MM-DD`. */
  start: string;
  /** On the axis: "26 Nov", or "Nov" by month. */
  label: string;
  /** In the tooltip and the table: "26 Nov 2026", "Week of 23 Nov 2026", "November 2026". */
  fullLabel: string;
  salesCents: number;
  orders: number;
  views: number;
  /** Orders per hundred views; null without views. */
  conversion: number | null;
}

/** A bucket's `YYYY-MM-DD` as a calendar day (local midnight, so formatting keeps the day). */
function day(start: string): Date | null {
  const date = parseISO(start);
  return isValid(date) ? date : null;
}

export function axisLabel(start: string, period: AnalyticsPeriod): string {
  const date = day(start);
  if (!date) return start;
  return format(date, period === 'month' ? 'MMM' : 'd MMM');
}

export function fullLabel(start: string, period: AnalyticsPeriod): string {
  const date = day(start);
  if (!date) return start;
  switch (period) {
    case 'day':
      return format(date, 'd MMM yyyy');
    case 'week':
      return `Week of ${format(date, 'd MMM yyyy')}`;
    case 'month':
      return format(date, 'MMMM yyyy');
  }
}

/** A bucket in a sentence: "on 26 Nov 2026", "in the week of 23 Nov 2026", "in November 2026". */
export function whenLabel(start: string, period: AnalyticsPeriod): string {
  const date = day(start);
  if (!date) return `on ${start}`;
  switch (period) {
    case 'day':
      return `on ${format(date, 'd MMM yyyy')}`;
    case 'week':
      return `in the week of ${format(date, 'd MMM yyyy')}`;
    case 'month':
      return `in ${format(date, 'MMMM yyyy')}`;
  }
}

/** Orders per hundred views to one decimal, as the API works it out; null without views. */
export function conversionPercent(orders: number, views: number): number | null {
  return views > 0 ? Math.round((orders * 1000) / views) / 10 : null;
}

/** The buckets (oldest first, as the API sends them) as chart rows, in the same order. */
export function chartRows(buckets: readonly AnalyticsBucket[], period: AnalyticsPeriod): ChartRow[] {
  return buckets.map((bucket) => ({
    start: bucket.start,
    label: axisLabel(bucket.start, period),
    fullLabel: fullLabel(bucket.start, period),
    salesCents: bucket.sales_cents,
    orders: bucket.orders,
    views: bucket.views,
    conversion: conversionPercent(bucket.orders, bucket.views),
  }));
}

export const NO_FIGURE = '—';

export function formatPercent(percent: number | null): string {
  return percent === null ? NO_FIGURE : `${percent.toFixed(1)}%`;
}

/** Money that may be missing (an average without orders): a dash, never "Price varies". */
export function formatCents(cents: number | null): string {
  return cents === null ? NO_FIGURE : formatMoney(cents);
}

export function formatRating(rating: number | null): string {
  return rating === null ? 'No ratings yet' : `${rating.toFixed(1)} / 5`;
}

/** A count grouped as money is: 12,345. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function trimmed(value: number): string {
  const rounded = Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return String(rounded);
}

/** Sales on a chart's axis, short: R0, R950, R1.5k, R12k, R2.3m. */
export function compactRand(cents: number): string {
  const rand = cents / 100;
  const size = Math.abs(rand);
  const symbol = DEFAULT_CURRENCY.symbol ?? 'R';
  if (size >= 1_000_000) return `${symbol}${trimmed(rand / 1_000_000)}m`;
  if (size >= 1_000) return `${symbol}${trimmed(rand / 1_000)}k`;
  return `${symbol}${trimmed(rand)}`;
}

/** The row with the most of `value` (the first of equals), if any has more than none. */
function best(rows: readonly ChartRow[], value: (row: ChartRow) => number): ChartRow | null {
  let top: ChartRow | null = null;
  for (const row of rows) {
    if (value(row) > 0 && (top === null || value(row) > value(top))) top = row;
  }
  return top;
}

/** The sales chart in words, for its figure's accessible name. */
export function salesSummary(rows: readonly ChartRow[], period: AnalyticsPeriod): string {
  const look = periodLook(period);
  const sales = rows.reduce((sum, row) => sum + row.salesCents, 0);
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const head = `Sales and orders by ${look.unit} over ${look.span}`;
  const top = best(rows, (row) => row.salesCents);
  if (!top) return `${head}: no sales.`;
  return `${head}: ${formatMoney(sales)} from ${plural(orders, 'order')}; most sales ${whenLabel(top.start, period)} (${formatMoney(top.salesCents)}).`;
}

/** The views chart in words, for its figure's accessible name. */
export function viewsSummary(rows: readonly ChartRow[], period: AnalyticsPeriod): string {
  const look = periodLook(period);
  const views = rows.reduce((sum, row) => sum + row.views, 0);
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const head = `Product views and orders by ${look.unit} over ${look.span}`;
  const top = best(rows, (row) => row.views);
  if (!top) return `${head}: no views.`;
  return `${head}: ${plural(views, 'view')} and ${plural(orders, 'order')}, ${formatPercent(conversionPercent(orders, views))} conversion; most views ${whenLabel(top.start, period)} (${plural(top.views, 'view')}).`;
}

export const REFRESH_NOTE = 'figures refresh every ten minutes';

/** When the figures were last brought up to date, relative to `now`. */
export function updatedNote(updatedAt: string | null, now: Date): string {
  const at = updatedAt ? parseISO(updatedAt) : null;
  if (!at || !isValid(at)) return `Not computed yet; ${REFRESH_NOTE}.`;
  // A server clock slightly ahead of this browser's still reads as "less than a minute ago".
  return `Updated ${formatDistance(at > now ? now : at, now, { addSuffix: true })}; ${REFRESH_NOTE}.`;
}
