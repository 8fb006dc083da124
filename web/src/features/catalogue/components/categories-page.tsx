'use client';

import Link from 'next/link';
import { LayoutGrid } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { useCategories } from '@/features/catalogue/api/catalogue';
import { productCountLabel, productsPath } from '@/features/catalogue/lib/product-filters';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';

/** /categories/: a tile per category, each opening /products/?category={slug}. */
export function CategoriesPage() {
  const { data: categories, isPending, isError, refetch, isFetching } = useCategories();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Categories</h1>
      {isPending ? (
        <div className={GRID} aria-busy="true">
          <span className="sr-only" role="status">
            Loading categories
          </span>
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white">
              <Skeleton className="aspect-[4/3] rounded-none" />
              <div className="flex flex-col gap-2 p-3 sm:p-4">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : isError ? (
        <MessagePanel title="Categories could not be loaded">
          <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      ) : categories.length === 0 ? (
        <MessagePanel title="No categories yet" />
      ) : (
        <ul className={GRID}>
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                href={productsPath({ category: category.slug })}
                data-testid="category-tile"
                className="group flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <div className="aspect-[4/3] overflow-hidden bg-neutral-100">
                  {category.image_url ? (
                    // Static export: images are served as they are.
                    // eslint-disable-next-line @next/next/no-img-element
                    <img
                      src={category.image_url}
                      alt=""
                      width={400}
                      height={300}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                    />
                  ) : (
                    <div className="flex size-full items-center justify-center text-neutral-400">
                      <LayoutGrid aria-hidden="true" className="size-10" />
                    </div>
                  )}
                </div>
                <div className="flex flex-col gap-1 p-3 sm:p-4">
                  <h2 className="font-semibold text-neutral-900 group-hover:text-brand-700">{category.name}</h2>
                  <p className="text-sm text-neutral-600 tabular-nums" data-testid="category-count">
                    {productCountLabel(category.product_count)}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
