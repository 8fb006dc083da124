import type { ReactNode } from 'react';
import { ProductCardList } from '@/components/product/product-card-list';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { Pagination } from '@/components/ui/pagination';
import type { ProductListResponse } from '@/features/products/api/product-types';
import { productCountLabel } from '@/features/catalogue/lib/product-filters';
import type { CurrencyFormat } from '@/lib/money';
import { pageCount } from '@/lib/page-param';

export const CATALOGUE_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';

export function ProductGridSkeleton({ cards = 8, label }: { cards?: number; label: string }) {
  return (
    <div className={CATALOGUE_GRID} aria-busy="true" data-testid="product-grid-skeleton">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: cards }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** "66 products", or "Showing 21–40 of 66 products" when there is more than one page. */
export function ProductCount({ data }: { data: ProductListResponse }) {
  const { products, meta } = data;
  const pages = pageCount(meta.total, meta.per_page);
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = first + products.length - 1;
  return (
    <p data-testid="product-count" className="text-sm text-neutral-600 tabular-nums">
      {pages > 1 && products.length > 0
        ? `Showing ${first}–${last} of ${productCountLabel(meta.total)}`
        : productCountLabel(meta.total)}
    </p>
  );
}

/**
 * A page of product cards and the Previous / Next links. `empty` is shown when nothing matches;
 * a page past the last one shows `pastEnd`.
 */
export function ProductResults({
  data,
  page,
  currency,
  updating,
  hrefFor,
  label,
  heading,
  empty,
  pastEnd,
}: {
  data: ProductListResponse;
  /** The page asked for (the URL's); `data` may still be the previous one while it loads. */
  page: number;
  currency: CurrencyFormat;
  updating: boolean;
  hrefFor: (page: number) => string;
  label: string;
  /** A heading for the cards, read by screen readers only (e.g. "Products"). */
  heading: string;
  empty: ReactNode;
  pastEnd: ReactNode;
}) {
  const { products, meta } = data;
  const pages = pageCount(meta.total, meta.per_page);
  return (
    <div className="flex flex-col gap-4">
      {meta.total === 0 ? (
        empty
      ) : products.length === 0 ? (
        pastEnd
      ) : (
        <>
          {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
          <h2 className="sr-only">{heading}</h2>
          <ProductCardList
            products={products}
            currency={currency}
            gridClassName={CATALOGUE_GRID}
            updating={updating}
            testId="product-grid"
          />
        </>
      )}
      <Pagination className="mt-2" label={label} page={page} pageCount={pages} hrefFor={hrefFor} />
    </div>
  );
}
