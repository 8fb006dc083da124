import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type {
  DailyDeal,
  DailyDealList,
  DealInput,
  DealMoved,
  DealProductChoice,
} from '@/features/deals/api/deal-types';
import type { VendorProductList } from '@/features/products/api/vendor-product-types';

/**
 * The signed-in vendor's daily deals: GET /api/v1/vendor/daily-deals (from today on, by date, with
 * today's date), POST to propose one, POST /{id}/withdraw; and the products a deal can be proposed
 * for (GET /api/v1/vendor/products?status=active, those without variations).
 */

/** The most products the picker reads (the API's largest page). */
export const DEAL_PRODUCTS_PER_PAGE = 100;

/** Everything cached of the vendor's deals; every change invalidates through it. */
export function dealsKey(userId: string) {
  return ['vendor-deals', userId] as const;
}

export function dealsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...dealsKey(userId), 'list'] as const,
    queryFn: ({ signal }): Promise<DailyDealList> => api.get('/api/v1/vendor/daily-deals', { signal }),
    staleTime: 0,
  });
}

export function useDeals() {
  const { user } = useSession();
  return useQuery({ ...dealsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/** The vendor's active products without variations, by name, for the picker. */
export function dealProductChoices(list: VendorProductList): DealProductChoice[] {
  return list.items
    .filter((product) => product.variation_count === 0 && product.status === 'active')
    .map((product) => ({ id: product.id, name: product.name, price_cents: product.min_price_cents }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-ZA'));
}

export function dealProductsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...dealsKey(userId), 'products'] as const,
    queryFn: ({ signal }): Promise<VendorProductList> =>
      api.get('/api/v1/vendor/products', {
        query: { status: 'active', sort: 'name', per_page: DEAL_PRODUCTS_PER_PAGE },
        signal,
      }),
    select: dealProductChoices,
    staleTime: 0,
  });
}

export function useDealProducts() {
  const { user } = useSession();
  return useQuery({ ...dealProductsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

function useInvalidateDeals() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return () => queryClient.invalidateQueries({ queryKey: [...dealsKey(userId), 'list'] });
}

/** Proposes a product for a date at a deal price; an admin decides. */
export function useProposeDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (body: DealInput): Promise<DailyDeal> => api.post('/api/v1/vendor/daily-deals', { body }),
    onSuccess: invalidate,
  });
}

/** Withdraws a proposed or approved deal before its date (409 when it cannot be). */
export function useWithdrawDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (id: string): Promise<DealMoved> =>
      api.post('/api/v1/vendor/daily-deals/{id}/withdraw', { path: { id } }),
    onSettled: invalidate,
  });
}
