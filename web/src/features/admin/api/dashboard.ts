import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/**
 * The platform at a glance, for admins: GET /api/v1/admin/dashboard (sales today and this month,
 * orders by status, new accounts and stores, what waits for an admin, and sales per day).
 */

export type AdminDashboard = Schema<'AdminDashboard'>;
export type DashboardDay = Schema<'DashboardDay'>;

const ROOT = ['admin', 'dashboard'] as const;

/** The cached dashboard; changes to what it counts (a product reviewed, say) invalidate through it. */
export const adminDashboardKey = ROOT;

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: ROOT,
    queryFn: ({ signal }): Promise<AdminDashboard> => api.get('/api/v1/admin/dashboard', { signal }),
    staleTime: 0,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
