import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type {
  Courier,
  OrderFilter,
  VendorOrder,
  VendorOrderList,
  VendorOrderMove,
} from '@/features/fulfilment/api/fulfilment-types';

/**
 * The signed-in vendor's orders: GET /api/v1/vendor/orders (their parts of paid orders, a page at
 * a time, filtered by where they stand), GET /api/v1/vendor/orders/{id} (one part, to pack and
 * ship), POST /api/v1/vendor/orders/{id}/status (move it on) and GET /api/v1/vendor/couriers.
 */

export const VENDOR_ORDERS_PER_PAGE = 20;

/** Everything cached of the vendor's orders; every move invalidates through it. */
export function vendorOrdersKey(userId: string) {
  return ['vendor-orders', userId] as const;
}

export interface VendorOrderFilters {
  status: OrderFilter;
  page: number;
}

export function vendorOrdersQueryOptions(userId: string, filters: VendorOrderFilters) {
  return queryOptions({
    queryKey: [...vendorOrdersKey(userId), 'list', filters] as const,
    queryFn: ({ signal }): Promise<VendorOrderList> =>
      api.get('/api/v1/vendor/orders', {
        query: {
          status: filters.status === 'all' ? undefined : filters.status,
          page: filters.page,
          per_page: VENDOR_ORDERS_PER_PAGE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useVendorOrders(filters: VendorOrderFilters) {
  const { user } = useSession();
  return useQuery({
    ...vendorOrdersQueryOptions(user?.id ?? '', filters),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

export function vendorOrderQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...vendorOrdersKey(userId), 'detail', id] as const,
    queryFn: ({ signal }): Promise<VendorOrder> =>
      api.get('/api/v1/vendor/orders/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useVendorOrder(id: string) {
  const { user } = useSession();
  return useQuery({ ...vendorOrderQueryOptions(user?.id ?? '', id), enabled: user !== null });
}

/** The couriers to ship with: the same for everyone and all day long. */
export function couriersQueryOptions() {
  return queryOptions({
    queryKey: ['vendor-couriers'] as const,
    queryFn: ({ signal }): Promise<Courier[]> => api.get('/api/v1/vendor/couriers', { signal }),
    staleTime: Infinity,
  });
}

export function useCouriers() {
  const { user } = useSession();
  return useQuery({ ...couriersQueryOptions(), enabled: user !== null });
}

/**
 * Moves a part on (processing, shipped, delivered or cancelled). The answer is the part as it now
 * stands; the lists are read again (the part changes tab). A 409 (the part moved meanwhile, in
 * another tab, say) reads the part again too, so the moves offered are the ones still open.
 */
export function useMoveVendorOrder(id: string) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: (move: VendorOrderMove): Promise<VendorOrder> =>
      api.post('/api/v1/vendor/orders/{id}/status', { path: { id }, body: move }),
    onSuccess: (order) => {
      queryClient.setQueryData(vendorOrderQueryOptions(userId, id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: [...vendorOrdersKey(userId), 'list'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: vendorOrdersKey(userId) });
      }
      return undefined;
    },
  });
}
