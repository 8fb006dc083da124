import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { VendorOverview } from '@/lib/selling/types';

/** GET /api/v1/vendor/overview: the signed-in vendor's store, to-do list and figures. */

/** Everything cached for the signed-in vendor's own store; mutations invalidate through it. */
export function vendorKey(userId: string) {
  return ['vendor', userId] as const;
}

export function vendorOverviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorKey(userId), 'overview'] as const,
    queryFn: ({ signal }): Promise<VendorOverview> => api.get('/api/v1/vendor/overview', { signal }),
    staleTime: 0,
  });
}

export function useVendorOverview() {
  const { user } = useSession();
  return useQuery({ ...vendorOverviewQueryOptions(user?.id ?? ''), enabled: user !== null });
}
