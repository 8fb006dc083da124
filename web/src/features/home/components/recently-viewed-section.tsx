'use client';

import { HomeSection, ProductList } from '@/features/home/components/home-section';
import { useRecentlyViewedProducts } from '@/features/home/api/recently-viewed-products';
import { useStoreCurrency } from '@/lib/public-settings';
import { useRecentlyViewedIds } from '@/lib/recently-viewed';

/**
 * The products this browser viewed last, most recent first (SPEC §2, §9). Nothing shows without
 * a history; while the list loads (it waits 500 ms) a row of skeletons holds its place; when it
 * fails or the circuit breaker is open, the section hides (the failure is only logged).
 */
export function RecentlyViewedSection() {
  const currency = useStoreCurrency();
  const ids = useRecentlyViewedIds();
  const { data: products, isError } = useRecentlyViewedProducts(ids);
  if (ids === null || ids.length === 0 || isError || products?.length === 0) return null;
  return (
    <HomeSection id="home-recently-viewed" testId="home-recently-viewed" title="Recently viewed" busy={!products}>
      <ProductList
        products={products}
        currency={currency}
        layout="row"
        loading={!products}
        skeletons={Math.min(ids.length, 4)}
        label="recently viewed products"
      />
    </HomeSection>
  );
}
