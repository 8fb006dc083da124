import { format, isValid, parseISO } from 'date-fns';
import { DEFAULT_CURRENCY, formatMoney } from '@/lib/money';
import type { DashboardDay } from '@/features/admin/api/dashboard';

/**
 * The admin dashboard's figures as it shows them: the 30 rows of the sales chart and its table,
 * and the words around them. Pure, so the numbers are tested without drawing a chart.
 */

/** How many days the sales chart covers, today included. */
export const CHART_DAYS = 30;

/** South African Standard Time has no daylight saving: always UTC+2. */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** Today's date in South Africa, `YYYY-MM-DD` (the API's days are South African days). */
export function southAfricanDay(now: Date): string {
  return new Date(now.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) moved by `count` days. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + count)).toISOString().slice(0, 10);
}

/** One bar of the chart (and one row of its table). */
export interface SalesRow {
  /** `YYYY-MM-DD`. */
  day: string;
  /** On the axis: "26 Nov". */
  label: string;
  /** In the tooltip and the table: "26 Nov 2026". */
  fullLabel: string;
  orders: number;
  salesCents: number;
  refundsCents: number;
}

function dayLabel(day: string, pattern: string): string {
  const date = parseISO(day);
  return isValid(date) ? format(date, pattern) : day;
}

/**
 * The last 30 days, oldest first, ending today (South African time) or on the API's last day if
 * that is later (a clock behind the server's): the API sends only the days with sales, so the
 * days between are filled with nothing sold.
 */
export function salesRows(days: readonly DashboardDay[], now: Date): SalesRow[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const today = southAfricanDay(now);
  const lastSent = days.reduce<string>((last, day) => (day.day > last ? day.day : last), '');
  const end = lastSent > today ? lastSent : today;
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = addDays(end, index - (CHART_DAYS - 1));
    const figures = byDay.get(day);
    return {
      day,
      label: dayLabel(day, 'd MMM'),
      fullLabel: dayLabel(day, 'd MMM yyyy'),
      orders: figures?.orders ?? 0,
      salesCents: figures?.sales_cents ?? 0,
      refundsCents: figures?.refunds_cents ?? 0,
    };
  });
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

/** Sales on the chart's axis, short: R0, R950, R1.5k, R12k, R2.3m. */
export function compactRand(cents: number): string {
  const rand = cents / 100;
  const size = Math.abs(rand);
  const symbol = DEFAULT_CURRENCY.symbol ?? 'R';
  if (size >= 1_000_000) return `${symbol}${trimmed(rand / 1_000_000)}m`;
  if (size >= 1_000) return `${symbol}${trimmed(rand / 1_000)}k`;
  return `${symbol}${trimmed(rand)}`;
}

/** The chart in words, for its figure's accessible name. */
export function salesSummary(rows: readonly SalesRow[]): string {
  const head = `Sales per day over the last ${CHART_DAYS} days`;
  const sales = rows.reduce((sum, row) => sum + row.salesCents, 0);
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  let top: SalesRow | null = null;
  for (const row of rows) {
    if (row.salesCents > 0 && (top === null || row.salesCents > top.salesCents)) top = row;
  }
  if (!top) return `${head}: no sales.`;
  return `${head}: ${formatMoney(sales)} from ${plural(orders, 'order')}; most sales on ${top.fullLabel} (${formatMoney(top.salesCents)}).`;
}

/** An order's way through, for listing the counts in that order (others after, as sent). */
const ORDER_FLOW = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'];

export function inOrderFlow<T extends { status: string }>(counts: readonly T[]): T[] {
  const rank = (status: string) => {
    const index = ORDER_FLOW.indexOf(status);
    return index === -1 ? ORDER_FLOW.length : index;
  };
  return [...counts].sort((a, b) => rank(a.status) - rank(b.status));
}
