import type { StatusTone } from '@/components/area/status-badge';
import type { DealStatus } from '@/features/deals/api/deal-types';

/**
 * Deal dates are calendar days (`YYYY-MM-DD`, South African time, as the API's `today`): counted
 * and shown as plain dates, never through the browser's time zone.
 */

/** How far ahead a deal may be proposed (the API's rule). */
export const DEAL_DAYS_AHEAD = 90;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(date: string): Date | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** `date` plus `days` ("2026-12-31" + 1 → "2027-01-01"); `date` itself when it is not a date. */
export function addDays(date: string, days: number): string {
  const day = utcDay(date);
  if (!day) return date;
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const DISPLAY = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tue, 01 Dec 2026" (the day as written, whatever the browser's zone). */
export function formatDealDate(date: string): string {
  const day = utcDay(date);
  return day ? DISPLAY.format(day) : date;
}

const STATUSES: Record<DealStatus, { label: string; tone: StatusTone }> = {
  proposed: { label: 'Proposed', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
};

export function dealStatus(status: string): { label: string; tone: StatusTone } {
  return STATUSES[status as DealStatus] ?? { label: status, tone: 'neutral' };
}

/** A vendor may withdraw a deal still waiting or approved. */
export function canWithdraw(status: string): boolean {
  return status === 'proposed' || status === 'approved';
}
