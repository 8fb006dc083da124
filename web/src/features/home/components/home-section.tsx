import type { ReactNode, Ref } from 'react';
import Link from 'next/link';
import { ArrowRight } from 'lucide-react';
import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import type { ProductSummary } from '@/lib/catalogue-types';
import type { CurrencyFormat } from '@/lib/money';
import { cn } from '@/lib/cn';

/**
 * Stops the skeletons' pulse. An endless CSS animation keeps the page rendering frames (and
 * dispatching animation events) for as long as it runs, which is wasted on sections nobody sees.
 */
export const STILL = '[&_.animate-pulse]:animate-none';

/** A home page section: a heading, an optional "View all" link, and its content. */
export function HomeSection({
  id,
  title,
  description,
  viewAll,
  busy,
  waiting,
  testId,
  ref,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  viewAll?: { href: string; label: string };
  busy?: boolean;
  /** Still far from the viewport: the placeholders hold still until loading starts. */
  waiting?: boolean;
  testId?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section ref={ref} aria-labelledby={headingId} aria-busy={busy || undefined} data-testid={testId} className={cn('flex flex-col gap-4', waiting && STILL)}>
      <div className="flex items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-xl font-bold tracking-tight sm:text-2xl">
            {title}
          </h2>
          {description ? <p className="text-sm text-neutral-600">{description}</p> : null}
        </div>
        {viewAll ? (
          <Link
            href={viewAll.href}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            View all <span className="sr-only">{viewAll.label}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const LAYOUTS = {
  /** 2 columns on phones, 4 from large screens. */
  grid: { list: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4', item: '' },
  /** One row that scrolls sideways. */
  row: {
    list: '-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:gap-5 sm:px-0',
    item: 'w-40 shrink-0 snap-start sm:w-52',
  },
} as const;

export type ProductLayout = keyof typeof LAYOUTS;

/** Cards of products, or as many skeletons while they load (no layout shift when they arrive). */
export function ProductList({
  products,
  currency,
  layout = 'grid',
  loading,
  skeletons,
  label,
}: {
  products: readonly ProductSummary[] | undefined;
  currency: CurrencyFormat;
  layout?: ProductLayout;
  loading: boolean;
  skeletons: number;
  label: string;
}) {
  const { list, item } = LAYOUTS[layout];
  if (loading || !products) {
    return (
      <div className={list}>
        <span className="sr-only" role="status">
          Loading {label}
        </span>
        {Array.from({ length: skeletons }, (_, index) => (
          <div key={index} className={cn(item)}>
            <ProductCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className={list}>
      {products.map((product) => (
        <li key={product.id} className={cn(item)}>
          <ProductCard product={product} currency={currency} />
        </li>
      ))}
    </ul>
  );
}
