import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { CouponInput, VendorCoupon, VendorCouponList } from '@/features/coupons/api/coupon-types';

/**
 * The signed-in vendor's coupons: GET /api/v1/vendor/coupons (newest first), POST to add one, PUT
 * /{id} to rewrite one, DELETE /{id} for one never used (409 `coupon_used` otherwise).
 */

/** Everything cached of the vendor's coupons; every change invalidates through it. */
export function couponsKey(userId: string) {
  return ['vendor-coupons', userId] as const;
}

export function couponsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...couponsKey(userId), 'list'] as const,
    queryFn: ({ signal }): Promise<VendorCouponList> => api.get('/api/v1/vendor/coupons', { signal }),
    staleTime: 0,
  });
}

export function useCoupons() {
  const { user } = useSession();
  return useQuery({ ...couponsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

function useInvalidateCoupons() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return () => queryClient.invalidateQueries({ queryKey: couponsKey(userId) });
}

/** Adds (no id) or rewrites (an id) a coupon; the list is read again. */
export function useSaveCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CouponInput }): Promise<VendorCoupon> =>
      id === null
        ? api.post('/api/v1/vendor/coupons', { body })
        : api.put('/api/v1/vendor/coupons/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Deletes a coupon never used; a used one answers 409 `coupon_used`. */
export function useDeleteCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api.delete('/api/v1/vendor/coupons/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}
