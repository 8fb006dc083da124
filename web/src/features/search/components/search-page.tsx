'use client';

import { Suspense, useEffect } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ProductCardList } from '@/components/product/product-card-list';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useSearchResults, type SearchResponse } from '@/features/search/api/search';
import { FiltersDrawer, SearchFacets } from '@/features/search/components/search-facets';
import {
  activeFilterCount,
  clearFilters,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  searchFiltersFromParams,
  searchPath,
  type SearchFilters,
  type SearchSort,
} from '@/features/search/lib/search-filters';
import { ApiError } from '@/lib/api-client';
import type { CurrencyFormat } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import { useSiteName, useStoreCurrency } from '@/lib/public-settings';
import { useMounted } from '@/lib/use-mounted';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5';
const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /search/?q=…&brand=…&category=…&min_price_cents=…&max_price_cents=…&on_sale=…&sort=…&page=N.
 * The exported HTML is the same for every query, so the state is read from the location after
 * mount (inside Suspense, as a static export needs).
 */
export function SearchPage() {
  return (
    <Suspense fallback={<SearchPageSkeleton />}>
      <SearchPageFromLocation />
    </Suspense>
  );
}

function SearchPageFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <SearchPageSkeleton />;
  return <SearchView filters={searchFiltersFromParams(searchParams)} />;
}

function SearchPageSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="search-page-skeleton">
      <Skeleton className="h-9 w-72" />
      <ResultsSkeleton />
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <div className={GRID} aria-busy="true" data-testid="search-results-skeleton">
      <span className="sr-only" role="status">
        Loading results
      </span>
      {Array.from({ length: 6 }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function resultsHeading(q: string): string {
  return q ? `Showing results for "${q}"` : 'Showing all products';
}

function SearchView({ filters }: { filters: SearchFilters }) {
  const router = useRouter();
  const currency = useStoreCurrency();
  const siteName = useSiteName();
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useSearchResults(filters);

  useEffect(() => {
    document.title = `${filters.q ? `Search: ${filters.q}` : 'Search'} | ${siteName}`;
  }, [filters.q, siteName]);

  const changeSort = (value: string) => {
    const sort = (SEARCH_SORTS as readonly string[]).includes(value) ? (value as SearchSort) : null;
    router.push(searchPath({ ...filters, sort, page: 1 }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="search-heading">
            {resultsHeading(filters.q)}
          </h1>
          {data ? <ResultCount data={data} /> : <Skeleton className="h-4 w-24" />}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FiltersDrawer facets={data?.facets} filters={filters} />
          <label className="flex items-center gap-2 text-sm text-neutral-700">
            <span>Sort by</span>
            <select
              value={filters.sort ?? ''}
              onChange={(event) => changeSort(event.target.value)}
              className="h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus:border-brand-600"
              data-testid="search-sort"
            >
              <option value="">Best match</option>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SEARCH_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <div className="flex gap-8">
        <aside aria-label="Filters" className="hidden w-56 shrink-0 lg:block">
          <SearchFacets facets={data?.facets} filters={filters} />
        </aside>
        <div className="min-w-0 flex-1">
          {isPending ? (
            <ResultsSkeleton />
          ) : isError ? (
            <MessagePanel title="Search results could not be loaded">
              <p className="text-neutral-600">
                {error instanceof ApiError && error.isClientError
                  ? 'These filters are not valid.'
                  : 'Search is not available right now. Please try again.'}
              </p>
              <div className="flex flex-wrap items-center justify-center gap-4">
                <Button onClick={() => void refetch()} disabled={isFetching}>
                  Try again
                </Button>
                {activeFilterCount(filters) > 0 ? (
                  <Link href={searchPath(clearFilters(filters))} className={LINK}>
                    Clear filters
                  </Link>
                ) : null}
              </div>
            </MessagePanel>
          ) : (
            <SearchResults data={data} filters={filters} currency={currency} updating={isPlaceholderData} />
          )}
        </div>
      </div>
    </div>
  );
}

function ResultCount({ data }: { data: SearchResponse }) {
  const { products, meta } = data;
  const noun = meta.total === 1 ? 'product' : 'products';
  const total = `${meta.total.toLocaleString('en-ZA')} ${noun}`;
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = first + products.length - 1;
  return (
    <p className="text-sm text-neutral-600 tabular-nums" data-testid="search-count">
      {pageCount(meta.total, meta.per_page) > 1 && products.length > 0 ? `${first}–${last} of ${total}` : total}
    </p>
  );
}

function SearchResults({
  data,
  filters,
  currency,
  updating,
}: {
  data: SearchResponse;
  filters: SearchFilters;
  currency: CurrencyFormat;
  updating: boolean;
}) {
  const { products, meta } = data;
  if (meta.total === 0) {
    const filtered = activeFilterCount(filters) > 0;
    return (
      <MessagePanel title={filters.q ? `No products found for "${filters.q}"` : 'No products found'}>
        <p className="text-neutral-600">
          {filtered ? 'Try removing a filter.' : 'Check the spelling or try fewer or more general words.'}
        </p>
        <div className="flex flex-wrap items-center justify-center gap-4">
          {filtered ? (
            <Link href={searchPath(clearFilters(filters))} className={LINK}>
              Clear filters
            </Link>
          ) : null}
          <Link href="/products/" className={LINK}>
            Browse all products
          </Link>
        </div>
      </MessagePanel>
    );
  }
  if (products.length === 0) {
    return (
      <MessagePanel title="No results on this page">
        <p className="text-neutral-600">There are fewer pages of results.</p>
        <Link href={searchPath({ ...filters, page: 1 })} className={LINK}>
          Go to the first page
        </Link>
      </MessagePanel>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ProductCardList
        products={products}
        currency={currency}
        gridClassName={GRID}
        updating={updating}
        testId="search-results"
      />
      <Pagination
        className="mt-2"
        label="Search result pages"
        page={filters.page}
        pageCount={pageCount(meta.total, meta.per_page)}
        hrefFor={(page) => searchPath({ ...filters, page })}
      />
    </div>
  );
}
