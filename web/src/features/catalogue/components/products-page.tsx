'use client';

import { Suspense, useEffect } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { useCategories, useProductList, type Category } from '@/features/catalogue/api/catalogue';
import { ProductCount, ProductGridSkeleton, ProductResults } from '@/features/catalogue/components/product-grid';
import {
  filtersFromParams,
  hasFilters,
  PRODUCT_SORTS,
  productsHeading,
  productsPath,
  SORT_LABELS,
  type ProductFilters,
  type ProductSort,
} from '@/features/catalogue/lib/product-filters';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSiteName, useStoreCurrency } from '@/lib/public-settings';
import { useMounted } from '@/lib/use-mounted';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /products/?sort=…&brand=…&category=…&page=N. The exported HTML is the same for every query, so
 * the filters are read from the location after mount (inside Suspense, as a static export needs).
 */
export function ProductsPage() {
  return (
    <Suspense fallback={<ProductsPageSkeleton />}>
      <ProductsPageFromLocation />
    </Suspense>
  );
}

function ProductsPageSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="products-page-skeleton">
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <ProductGridSkeleton label="Loading products" />
    </div>
  );
}

function ProductsPageFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <ProductsPageSkeleton />;
  return <ProductsView filters={filtersFromParams(searchParams)} />;
}

function ProductsView({ filters }: { filters: ProductFilters }) {
  const router = useRouter();
  const currency = useStoreCurrency();
  const siteName = useSiteName();
  const { data: categories } = useCategories();
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useProductList(filters);

  const categoryName =
    (filters.category && categories?.find((category) => category.slug === filters.category)?.name) ||
    (filters.category && data?.products.find((product) => product.category === filters.category)?.category_name) ||
    null;
  const heading = productsHeading(filters, categoryName);

  useEffect(() => {
    document.title = `${heading} | ${siteName}`;
  }, [heading, siteName]);

  const changeSort = (value: string) => {
    const sort = (PRODUCT_SORTS as readonly string[]).includes(value) ? (value as ProductSort) : null;
    router.push(productsPath({ ...filters, sort, page: 1 }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="products-heading">
            {heading}
          </h1>
          {data ? <ProductCount data={data} /> : <Skeleton className="h-4 w-24" />}
        </div>
        <label className="flex items-center gap-2 text-sm text-neutral-700">
          <span>Sort by</span>
          <select
            value={filters.sort ?? ''}
            onChange={(event) => changeSort(event.target.value)}
            className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-brand-600"
            data-testid="sort-select"
          >
            <option value="">Recommended</option>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <CategoryChips categories={categories} filters={filters} />

      {filters.brand && filters.category ? (
        <p className="text-sm text-neutral-600">Brand: {filters.brand}</p>
      ) : null}

      {isPending ? (
        <ProductGridSkeleton label="Loading products" />
      ) : isError ? (
        <MessagePanel title="Products could not be loaded">
          <p className="text-neutral-600">
            {error instanceof ApiError && error.isClientError
              ? 'These filters are not valid.'
              : 'Something went wrong on our side. Please try again.'}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-4">
            <Button onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
            {hasFilters(filters) ? (
              <Link href={productsPath()} className={LINK}>
                Clear filters
              </Link>
            ) : null}
          </div>
        </MessagePanel>
      ) : (
        <ProductResults
          data={data}
          page={filters.page}
          currency={currency}
          updating={isPlaceholderData}
          label="Product pages"
          heading="Products"
          hrefFor={(page) => productsPath({ ...filters, page })}
          empty={
            <MessagePanel title="No products match these filters">
              <p className="text-neutral-600">Try another category or sort, or see everything we sell.</p>
              <Link href={productsPath()} className={LINK}>
                Clear filters
              </Link>
            </MessagePanel>
          }
          pastEnd={
            <MessagePanel title="No products on this page">
              <p className="text-neutral-600">There are fewer pages of products.</p>
              <Link href={productsPath({ ...filters, page: 1 })} className={LINK}>
                Go to the first page
              </Link>
            </MessagePanel>
          }
        />
      )}
    </div>
  );
}

const CHIP = 'inline-flex shrink-0 items-center rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap';

/** "All" and one chip per category; each keeps the other filters and goes back to page 1. */
function CategoryChips({ categories, filters }: { categories: Category[] | undefined; filters: ProductFilters }) {
  if (!categories || categories.length === 0) return null;
  const chips = [{ slug: null as string | null, name: 'All' }, ...categories];
  return (
    <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {chips.map((chip) => {
          const active = filters.category === chip.slug;
          return (
            <li key={chip.slug ?? ''}>
              <Link
                href={productsPath({ ...filters, category: chip.slug, page: 1 })}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  CHIP,
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-neutral-300 bg-white text-neutral-800 hover:border-brand-600 hover:text-brand-700',
                )}
              >
                {chip.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
