import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { StoreResponse } from '@/features/stores/api/store-types';

/** GET /api/v1/stores/{store_slug}?page=N&per_page=M: an approved store and a page of its products. */

export const STORE_PRODUCTS_PER_PAGE = 20;

export function fetchStore(
  storeSlug: string,
  page: number,
  perPage: number = STORE_PRODUCTS_PER_PAGE,
  signal?: AbortSignal,
): Promise<StoreResponse> {
  return api.get('/api/v1/stores/{store_slug}', {
    path: { store_slug: storeSlug },
    query: { page, per_page: perPage },
    signal,
  });
}

/** Everything cached of one store's page (each page of its products); its owner's saves invalidate it. */
export function storeKey(storeSlug: string) {
  return ['stores', 'detail', storeSlug] as const;
}

export function storeQueryOptions(storeSlug: string, page: number, perPage: number = STORE_PRODUCTS_PER_PAGE) {
  return queryOptions({
    queryKey: [...storeKey(storeSlug), { page, per_page: perPage }] as const,
    queryFn: ({ signal }) => fetchStore(storeSlug, page, perPage, signal),
  });
}

/**
 * Disabled until the slug is known (it comes from the location after mount). While another page
 * of the same store loads, the previous one stays on screen (`isPlaceholderData`).
 */
export function useStore(storeSlug: string | null, page: number) {
  return useQuery({
    ...storeQueryOptions(storeSlug ?? '', page),
    enabled: storeSlug !== null,
    placeholderData: keepPreviousData,
  });
}
