import type { Schema } from '@/lib/api/client';

/** The vendor analytics' shapes (/api/v1/vendor/analytics), from the generated schema. */

export type VendorAnalytics = Schema<'VendorAnalytics'>;
/** One day, week or month of figures (the totals have the same shape). */
export type AnalyticsBucket = Schema<'AnalyticsBucket'>;
export type AnalyticsTopProduct = Schema<'AnalyticsTopProduct'>;

/** How the figures are grouped: the last 30 days, 12 weeks or 12 months. */
export type AnalyticsPeriod = 'day' | 'week' | 'month';
