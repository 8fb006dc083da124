import type {
  AnalyticsBucket,
  AnalyticsTopProduct,
  VendorAnalytics,
} from '@/features/vendor-analytics/api/analytics-types';

/** The vendor analytics payloads shaped as the API has them. */

export const PRODUCT_ID = '0190f000-0000-7000-8000-00000000a001';
export const OTHER_PRODUCT_ID = '0190f000-0000-7000-8000-00000000a002';

export function analyticsBucket(overrides: Partial<AnalyticsBucket> = {}): AnalyticsBucket {
  return { start: '2026-11-27', orders: 0, sales_cents: 0, units: 0, cancelled: 0, refunds_cents: 0, views: 0, ...overrides };
}

/** `count` zero-filled buckets a `step` apart from `first` (`YYYY-MM-DD`), oldest first, as the API sends them. */
export function analyticsBuckets(first: string, count: number, step: 'day' | 'week' | 'month'): AnalyticsBucket[] {
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) => {
    const date =
      step === 'month'
        ? new Date(Date.UTC(year, month - 1 + index, 1))
        : new Date(Date.UTC(year, month - 1, day + index * (step === 'week' ? 7 : 1)));
    return analyticsBucket({ start: date.toISOString().slice(0, 10) });
  });
}

export function topProduct(overrides: Partial<AnalyticsTopProduct> = {}): AnalyticsTopProduct {
  return {
    product_id: PRODUCT_ID,
    name: 'Cape Trail Tee',
    units: 6,
    sales_cents: 179400,
    views: 48,
    ...overrides,
  };
}

/**
 * The last 30 days (29 Oct to 27 Nov 2026) with sales on two days: R1,245.00 in 3 orders from
 * 40 views, one order cancelled and refunded.
 */
export function vendorAnalytics(overrides: Partial<VendorAnalytics> = {}): VendorAnalytics {
  const buckets = analyticsBuckets('2026-10-29', 30, 'day');
  buckets[27] = { ...buckets[27]!, orders: 1, sales_cents: 34500, units: 1, views: 12 };
  buckets[29] = { ...buckets[29]!, orders: 2, sales_cents: 90000, units: 4, cancelled: 1, refunds_cents: 15000, views: 28 };
  return {
    period: 'day',
    buckets,
    totals: analyticsBucket({
      start: '2026-10-29',
      orders: 3,
      sales_cents: 124500,
      units: 5,
      cancelled: 1,
      refunds_cents: 15000,
      views: 40,
    }),
    average_order_cents: 41500,
    conversion_percent: 7.5,
    top_products: [topProduct()],
    rating: 4.6,
    reviews: 12,
    updated_at: '2026-11-27T09:55:00Z',
    ...overrides,
  };
}
