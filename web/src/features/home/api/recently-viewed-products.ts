import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProductListResponse } from '@/features/home/api/home-products';
import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/client';
import type { ProductSummary } from '@/lib/catalogue-types';
import { CircuitOpenError, createCircuitBreaker, type CircuitBreaker } from '@/lib/circuit-breaker';

/**
 * The recently viewed products (SPEC §4, §9): GET /api/v1/products?ids=… 500 ms after the page
 * loads, behind a circuit breaker (3 consecutive failures stop requests for 2 minutes). The
 * section is optional, so failures are only logged and the section hides.
 */

export const RECENTLY_VIEWED_DELAY_MS = 500;
export const RECENTLY_VIEWED_FAILURES = 3;
export const RECENTLY_VIEWED_OPEN_MS = 2 * 60 * 1000;

export const recentlyViewedBreaker = createCircuitBreaker({
  failureThreshold: RECENTLY_VIEWED_FAILURES,
  openMs: RECENTLY_VIEWED_OPEN_MS,
  storageKey: 'bazaar.recently-viewed.circuit',
});

export function recentlyViewedPath(ids: readonly string[]): string {
  return `/api/v1/products?ids=${ids.join(',')}&per_page=${ids.length}`;
}

/** The products in the order they were viewed; ids the API no longer lists are left out. */
export async function fetchRecentlyViewed(
  ids: readonly string[],
  signal?: AbortSignal,
  breaker: CircuitBreaker = recentlyViewedBreaker,
): Promise<ProductSummary[]> {
  try {
    const { products } = await breaker.run(() =>
      apiGet<Schema<'ProductListResponse'>>(recentlyViewedPath(ids), { signal }),
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      const reason = error instanceof CircuitOpenError ? 'skipped, too many recent failures' : error;
      console.warn('Recently viewed products could not be loaded:', reason);
    }
    throw error;
  }
}

export function recentlyViewedQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['products', 'recently-viewed', ids] as const,
    queryFn: ({ signal }) => fetchRecentlyViewed(ids, signal),
    // The breaker counts each failed request; retrying would spend its three failures at once.
    retry: false,
  });
}

/** True once `ms` have passed since mount. */
function useDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDone(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return done;
}

/** Fetches only when there are ids, and not before 500 ms after mount. */
export function useRecentlyViewedProducts(ids: readonly string[] | null) {
  const waited = useDelay(RECENTLY_VIEWED_DELAY_MS);
  return useQuery({
    ...recentlyViewedQueryOptions(ids ?? []),
    enabled: waited && ids !== null && ids.length > 0,
  });
}
