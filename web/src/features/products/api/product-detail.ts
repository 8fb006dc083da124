import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { initialProduct } from '@/features/products/api/initial-product';
import type { ProductDetailResponse } from '@/features/products/api/product-types';

/** GET /api/v1/products/{slug_or_id}: one product with its variations, vendor and rating. */

export function fetchProduct(slugOrId: string, signal?: AbortSignal): Promise<ProductDetailResponse> {
  return api.get('/api/v1/products/{slug_or_id}', { path: { slug_or_id: slugOrId }, signal });
}

export function productQueryOptions(slugOrId: string) {
  return queryOptions({
    queryKey: ['products', 'detail', slugOrId] as const,
    queryFn: ({ signal }) => fetchProduct(slugOrId, signal),
    select: (data) => data.product,
  });
}

/**
 * Disabled until the slug is known (it comes from the location after mount). Starts from the
 * product the server wrote into the page when it is this one (no fetch on a first load).
 */
export function useProduct(slugOrId: string | null) {
  return useQuery({
    ...productQueryOptions(slugOrId ?? ''),
    enabled: slugOrId !== null,
    initialData: () => (slugOrId === null ? undefined : initialProduct(slugOrId)),
  });
}
