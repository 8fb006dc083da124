'use client';

import Link from 'next/link';
import { LayoutGrid } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { HomeSection } from '@/features/home/components/home-section';
import { CATEGORY_TILES, useHomeCategories } from '@/features/home/api/categories';
import { CATEGORIES_PATH, categoryPath } from '@/features/home/lib/home-links';
import { useNearViewport } from '@/features/home/lib/use-near-viewport';

const GRID = 'grid gap-3 sm:grid-cols-3 sm:gap-5';
const TILE = 'flex h-full overflow-hidden rounded-lg border border-neutral-200 bg-white sm:flex-col';
const PICTURE = 'aspect-[4/3] w-28 shrink-0 overflow-hidden bg-neutral-100 sm:w-full';

/** Three category tiles (SPEC §2), each opening the products of its category. */
export function CategoryTiles() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data: categories, isPending, isError } = useHomeCategories(near);
  if (isError || categories?.length === 0) return null;
  return (
    <HomeSection
      ref={ref}
      id="home-categories"
      testId="home-categories"
      title="Shop by category"
      viewAll={{ href: CATEGORIES_PATH, label: 'categories' }}
      busy={isPending}
      waiting={!near}
    >
      {isPending ? (
        <div className={GRID}>
          <span className="sr-only" role="status">
            Loading categories
          </span>
          {Array.from({ length: CATEGORY_TILES }, (_, index) => (
            <div key={index} className={TILE}>
              <Skeleton className={`${PICTURE} rounded-none`} />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-3 w-5/6" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className={GRID}>
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                href={categoryPath(category.slug)}
                data-testid="home-category-tile"
                className={`group shadow-sm transition hover:border-brand-600 hover:shadow-md ${TILE}`}
              >
                <div className={PICTURE}>
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
                      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
                    />
                  ) : (
                    <div className="flex size-full items-center justify-center text-neutral-400">
                      <LayoutGrid aria-hidden="true" className="size-8" />
                    </div>
                  )}
                </div>
                <div className="flex flex-1 flex-col justify-center gap-1 p-4">
                  <h3 className="font-semibold text-neutral-900 group-hover:text-brand-700">{category.name}</h3>
                  {category.description ? (
                    <p className="line-clamp-2 text-sm text-neutral-600">{category.description}</p>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
