import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { AnalyticsPeriod, VendorAnalytics } from '@/features/vendor-analytics/api/analytics-types';

/**
 * The signed-in vendor's figures: GET /api/v1/vendor/analytics?period=day|week|month (the last
 * 30 days, 12 weeks or 12 months, oldest first, with the totals, the top products and the
 * rating). 404: no store yet.
 */

/** The server brings the figures up to date this often. */
export const ANALYTICS_REFRESH_MS = 10 * 60 * 1000;

/** Everything cached of the vendor's figures. */
export function vendorAnalyticsKey(userId: string) {
  return ['vendor-analytics', userId] as const;
}

export function vendorAnalyticsQueryOptions(userId: string, period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: [...vendorAnalyticsKey(userId), period] as const,
    queryFn: ({ signal }): Promise<VendorAnalytics> =>
      api.get('/api/v1/vendor/analytics', { query: { period }, signal }),
    // A page left open reads the figures again as often as they can change.
    refetchInterval: ANALYTICS_REFRESH_MS,
  });
}

export function useVendorAnalytics(period: AnalyticsPeriod) {
  const { user } = useSession();
  return useQuery({ ...vendorAnalyticsQueryOptions(user?.id ?? '', period), enabled: user !== null });
}
