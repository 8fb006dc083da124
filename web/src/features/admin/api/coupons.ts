import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { pageFromParam } from '@/lib/page-param';
import type { CouponInput, SaveCouponVariables } from '@/features/coupons/api/coupon-types';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * Coupons, for admins: GET /api/v1/admin/coupons (the platform's own, the stores', or all; newest
 * first, paged), each with what it has done (orders, their discount, the last use); the
 * platform's coupons are added (POST), rewritten (PUT /{id}) and deleted while unused (DELETE
 * /{id}; 409 `coupon_used` otherwise: switch it off instead). A store's coupon is only listed:
 * its store changes it (404 here). Field problems answer 400 with `error.fields`, keyed as
 * CouponInput.
 */

export type AdminCoupon = Schema<'AdminCoupon'>;
export type AdminCouponList = Schema<'AdminCouponList'>;

export const COUPONS_PATH = '/admin/coupons/';

/** Whose coupons the list shows. */
export type CouponScope = 'platform' | 'stores' | 'all';

export const DEFAULT_COUPON_SCOPE: CouponScope = 'platform';

export const COUPON_SCOPES: readonly { value: CouponScope; label: string }[] = [
  { value: 'platform', label: 'Platform' },
  { value: 'stores', label: 'Stores' },
  { value: 'all', label: 'All' },
];

/** The list's state, as the URL keeps it. */
export interface CouponListParams {
  scope: CouponScope;
  page: number;
}

/** /admin/coupons/?scope=…&page=N; anything unknown is the platform's first page. */
export function couponParamsFrom(params: { get(name: string): string | null } | null): CouponListParams {
  const scope = params?.get('scope') ?? '';
  return {
    scope: COUPON_SCOPES.find((option) => option.value === scope)?.value ?? DEFAULT_COUPON_SCOPE,
    page: pageFromParam(params?.get('page')),
  };
}

/** The list's address for `params` (the platform scope and page 1 are left out). */
export function couponsHref(params: CouponListParams): string {
  const query = new URLSearchParams();
  if (params.scope !== DEFAULT_COUPON_SCOPE) query.set('scope', params.scope);
  if (params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `${COUPONS_PATH}?${text}` : COUPONS_PATH;
}

const ROOT = ['admin', 'coupons'] as const;

/** Every cached admin coupon list; changes invalidate through it. */
export const adminCouponsKey = ROOT;

export function adminCouponsQueryOptions(params: CouponListParams) {
  return queryOptions({
    queryKey: [...ROOT, 'list', params] as const,
    queryFn: ({ signal }): Promise<AdminCouponList> =>
      api.get('/api/v1/admin/coupons', {
        query: { scope: params.scope, page: params.page, per_page: ADMIN_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminCoupons(params: CouponListParams) {
  return useQuery({ ...adminCouponsQueryOptions(params), placeholderData: keepPreviousData });
}

/** Whether `coupon` is the platform's own (the only ones admins change). */
export function isPlatformCoupon(coupon: Pick<AdminCoupon, 'store_name'>): boolean {
  return coupon.store_name === null || coupon.store_name === undefined;
}

/** A 409 `coupon_used`: the coupon has been used, so it stays; switch it off instead. */
export function isCouponUsed(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'coupon_used';
}

/** The coupon as CouponInput (what a PUT sends), with `changes`: e.g. `{ active: false }` to switch it off. */
export function couponInputOf(coupon: AdminCoupon, changes: Partial<CouponInput> = {}): CouponInput {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    min_spend_cents: coupon.min_spend_cents,
    starts_at: coupon.starts_at,
    expires_at: coupon.expires_at,
    usage_limit: coupon.usage_limit,
    per_customer_limit: coupon.per_customer_limit,
    active: coupon.active,
    ...changes,
  };
}

function useInvalidateCoupons() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ROOT });
}

/** Adds (no id) or rewrites (an id) a platform coupon; the lists are read again. */
export function useSaveAdminCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: ({ id, body }: SaveCouponVariables): Promise<AdminCoupon> =>
      id === null
        ? api.post('/api/v1/admin/coupons', { body })
        : api.put('/api/v1/admin/coupons/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Deletes a platform coupon never used; a used one answers 409 `coupon_used` (see isCouponUsed). */
export function useDeleteAdminCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api.delete('/api/v1/admin/coupons/{id}', { path: { id } }),
    onSettled: invalidate,
  });
}
