import type { AnalyticsPeriod } from '@/features/vendor-analytics/api/analytics-types';

/**
 * /vendor/analytics/?period=week|month: the period lives in the URL (shareable, the back button
 * works); the default, by day, is left out.
 */

export const VENDOR_ANALYTICS_PATH = '/vendor/analytics/';

export const DEFAULT_PERIOD: AnalyticsPeriod = 'day';

export interface PeriodLook {
  value: AnalyticsPeriod;
  /** The tab. */
  label: string;
  /** What the figures cover: "the last 30 days". */
  span: string;
  /** What one bar is: "day". */
  unit: string;
}

/** The period tabs, in order. */
export const PERIODS: readonly PeriodLook[] = [
  { value: 'day', label: 'Day', span: 'the last 30 days', unit: 'day' },
  { value: 'week', label: 'Week', span: 'the last 12 weeks', unit: 'week' },
  { value: 'month', label: 'Month', span: 'the last 12 months', unit: 'month' },
];

export function isPeriod(value: string | null | undefined): value is AnalyticsPeriod {
  return PERIODS.some((period) => period.value === value);
}

export function periodLook(period: AnalyticsPeriod): PeriodLook {
  return PERIODS.find((look) => look.value === period) ?? PERIODS[0]!;
}

/** The period in the URL; anything else is the default. */
export function periodFrom(params: { get(name: string): string | null } | null): AnalyticsPeriod {
  const period = params?.get('period');
  return isPeriod(period) ? period : DEFAULT_PERIOD;
}

export function analyticsHref(period: AnalyticsPeriod): string {
  return period === DEFAULT_PERIOD ? VENDOR_ANALYTICS_PATH : `${VENDOR_ANALYTICS_PATH}?period=${period}`;
}
