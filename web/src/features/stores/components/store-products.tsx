import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { ProductCardList } from '@/components/product/product-card-list';
import { MessagePanel } from '@/components/ui/message-panel';
import { Pagination } from '@/components/ui/pagination';
import type { StoreResponse } from '@/features/stores/api/store-types';
import type { CurrencyFormat } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import { storePath } from '@/lib/paths';

export const STORE_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';

function countLabel(total: number): string {
  return `${total.toLocaleString('en-ZA')} ${total === 1 ? 'product' : 'products'}`;
}

/** One page of the store's products, how many there are in all, and the way to the other pages. */
export function StoreProducts({
  data,
  page,
  currency,
  updating,
}: {
  data: StoreResponse;
  /** The page asked for (the URL's); `data` may still be the previous one while it loads. */
  page: number;
  currency: CurrencyFormat;
  updating: boolean;
}) {
  const { store, products, meta } = data;
  const pages = pageCount(meta.total, meta.per_page);
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = first + products.length - 1;

  // Paging from the bottom of the grid brings the top of the list back into view.
  const sectionRef = useRef<HTMLElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView?.({ block: 'start' });
  }, [page]);

  return (
    <section
      ref={sectionRef}
      aria-labelledby="store-products-heading"
      className="flex scroll-mt-20 flex-col gap-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="store-products-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          Products
        </h2>
        <p data-testid="store-product-count" className="text-sm text-neutral-600 tabular-nums">
          {pages > 1 && products.length > 0
            ? `Showing ${first}–${last} of ${countLabel(meta.total)}`
            : countLabel(meta.total)}
        </p>
      </div>

      {meta.total === 0 ? (
        <MessagePanel title="No products yet">
          <p className="text-neutral-600">{store.store_name} has not listed any products yet.</p>
        </MessagePanel>
      ) : products.length === 0 ? (
        <MessagePanel title="No products on this page">
          <p className="text-neutral-600">This store has fewer pages of products.</p>
          <Link
            href={storePath(store.store_slug)}
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Go to the first page
          </Link>
        </MessagePanel>
      ) : (
        <ProductCardList
          products={products}
          currency={currency}
          gridClassName={STORE_GRID}
          updating={updating}
          testId="store-products"
        />
      )}

      <Pagination
        className="mt-2"
        label="Store product pages"
        scroll={false}
        page={page}
        pageCount={pages}
        hrefFor={(target) => storePath(store.store_slug, target)}
      />
    </section>
  );
}
