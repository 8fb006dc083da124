import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/client';
import type { ListMeta, ProductSummary } from '@/lib/catalogue-types';

/**
 * The home page's product lists (SPEC §2, §9): featured (4), daily deals (4), special offers (8,
 * dearest first) from GET /api/v1/products, and recommendations (8) from
 * GET /api/v1/recommendations. The recently viewed list has its own module.
 */

export interface ProductListResponse {
  products: ProductSummary[];
  meta: ListMeta;
}

export type HomeProductList = 'featured' | 'daily-deals' | 'special-offers';

/** The query of each list, in the order the API documents its parameters. */
const LIST_PARAMS: Record<HomeProductList, Record<string, string>> = {
  featured: { featured: 'true', per_page: '4' },
  'daily-deals': { daily_deal: 'true', per_page: '4' },
  'special-offers': { sortBy: 'price-desc', per_page: '8' },
};

export const HOME_LIST_SIZES: Record<HomeProductList, number> = {
  featured: 4,
  'daily-deals': 4,
  'special-offers': 8,
};

export const RECOMMENDATIONS_LIMIT = 8;

export function homeProductListPath(list: HomeProductList): string {
  return `/api/v1/products?${new URLSearchParams(LIST_PARAMS[list]).toString()}`;
}

export function homeProductListQueryOptions(list: HomeProductList) {
  return queryOptions({
    queryKey: ['products', 'list', LIST_PARAMS[list]] as const,
    queryFn: ({ signal }): Promise<ProductListResponse> =>
      apiGet<Schema<'ProductListResponse'>>(homeProductListPath(list), { signal }),
    select: (data) => data.products,
  });
}

/** `enabled` false holds the request back (the section is still far below the viewport). */
export function useHomeProductList(list: HomeProductList, enabled = true) {
  return useQuery({ ...homeProductListQueryOptions(list), enabled });
}

/** Recommendations from the recently viewed ids (most recent first); the newest products without any. */
export function recommendationsPath(viewed: readonly string[]): string {
  const params = viewed.length > 0 ? `viewed=${viewed.join(',')}&` : '';
  return `/api/v1/recommendations?${params}limit=${RECOMMENDATIONS_LIMIT}`;
}

export function recommendationsQueryOptions(viewed: readonly string[]) {
  return queryOptions({
    queryKey: ['products', 'recommendations', { viewed, limit: RECOMMENDATIONS_LIMIT }] as const,
    queryFn: ({ signal }): Promise<ProductListResponse> =>
      apiGet<Schema<'ProductListResponse'>>(recommendationsPath(viewed), { signal }),
    select: (data) => data.products,
  });
}

/** Waits for the recently viewed list (`null` until it is known after mount) and for `enabled`. */
export function useRecommendations(viewed: readonly string[] | null, enabled = true) {
  return useQuery({ ...recommendationsQueryOptions(viewed ?? []), enabled: enabled && viewed !== null });
}
