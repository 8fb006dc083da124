import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AdminVendor, AdminVendorList } from '@/lib/selling/types';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * The admin's view of vendors: GET /api/v1/admin/vendors (filtered, searched, paged), suspend,
 * reinstate, and the commission override (PUT …/commission; null goes back to the agreement's).
 */

export interface VendorFilters {
  status: string;
  q: string;
  page: number;
}

const ROOT = ['admin', 'vendors'] as const;

/** Every cached admin vendor list and count; changes invalidate through it. */
export const adminVendorsKey = ROOT;

function listQuery(status: string, q: string, page: number, perPage: number) {
  return {
    status: status === 'all' || status === '' ? undefined : status,
    q: q.trim() || undefined,
    page,
    per_page: perPage,
  };
}

export function adminVendorsQueryOptions(filters: VendorFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminVendorList> =>
      api.get('/api/v1/admin/vendors', { query: listQuery(filters.status, filters.q, filters.page, ADMIN_PAGE_SIZE), signal }),
    staleTime: 0,
  });
}

export function useAdminVendors(filters: VendorFilters) {
  return useQuery({ ...adminVendorsQueryOptions(filters), placeholderData: keepPreviousData });
}

export function vendorCountQueryOptions(status: string) {
  return queryOptions({
    queryKey: [...ROOT, 'count', status] as const,
    queryFn: ({ signal }): Promise<AdminVendorList> =>
      api.get('/api/v1/admin/vendors', { query: listQuery(status, '', 1, 1), signal }),
    select: (data) => data.total,
    staleTime: 0,
  });
}

export function useVendorCount(status: string) {
  return useQuery(vendorCountQueryOptions(status));
}

export type VendorAction =
  | { kind: 'suspend'; reason: string }
  | { kind: 'reinstate' }
  | { kind: 'commission'; bps: number | null };

function runAction(id: string, action: VendorAction): Promise<AdminVendor> {
  switch (action.kind) {
    case 'suspend':
      return api.post('/api/v1/admin/vendors/{id}/suspend', { path: { id }, body: { reason: action.reason } });
    case 'reinstate':
      return api.post('/api/v1/admin/vendors/{id}/reinstate', { path: { id } });
    case 'commission':
      return api.put('/api/v1/admin/vendors/{id}/commission', {
        path: { id },
        body: { commission_rate_bps: action.bps },
      });
  }
}

/** Suspends, reinstates or sets the commission of one vendor; every vendor list and count is read again. */
export function useVendorAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: VendorAction) => runAction(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
