import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ProductListResponse } from '@/features/products/api/product-types';

/** GET /api/v1/products?featured=true&per_page=N: the home page's featured products. */

export const FEATURED_PRODUCTS_LIMIT = 4;

export function fetchFeaturedProducts(
  limit: number,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  const query = new URLSearchParams({ featured: 'true', per_page: String(limit) });
  return apiGet<ProductListResponse>(`/api/v1/products?${query.toString()}`, { signal });
}

export function featuredProductsQueryOptions(limit: number = FEATURED_PRODUCTS_LIMIT) {
  return queryOptions({
    queryKey: ['products', 'list', { featured: true, per_page: limit }] as const,
    queryFn: ({ signal }) => fetchFeaturedProducts(limit, signal),
    select: (data) => data.products,
  });
}

export function useFeaturedProducts(limit: number = FEATURED_PRODUCTS_LIMIT) {
  return useQuery(featuredProductsQueryOptions(limit));
}
