import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { ShippingInput, VendorShipping } from '@/features/shipping/api/shipping-types';
import { vendorKey } from '@/features/vendor/api/overview';

/**
 * GET and PUT /api/v1/vendor/shipping: the signed-in vendor's delivery days and shipping terms
 * (their own flat rate and free-shipping threshold, or the platform's). 404: no store yet.
 */

export function shippingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorKey(userId), 'shipping'] as const,
    queryFn: ({ signal }): Promise<VendorShipping> => api.get('/api/v1/vendor/shipping', { signal }),
    staleTime: 0,
  });
}

export function useVendorShipping() {
  const { user } = useSession();
  return useQuery({ ...shippingQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/**
 * Saves the whole shipping page (PUT replaces all four fields). The answer is the new page; the
 * rest of the vendor's cache (the store page holds the same delivery days) is read again.
 */
export function useSaveShipping() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: (input: ShippingInput): Promise<VendorShipping> => api.put('/api/v1/vendor/shipping', { body: input }),
    onSuccess: (shipping) => {
      const { queryKey } = shippingQueryOptions(userId);
      queryClient.setQueryData(queryKey, shipping);
      // Everything else of the vendor's; this page's answer is already in the cache.
      return queryClient.invalidateQueries({
        queryKey: vendorKey(userId),
        predicate: (query) => query.queryKey[2] !== queryKey[2],
      });
    },
  });
}
