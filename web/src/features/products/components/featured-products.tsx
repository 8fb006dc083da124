'use client';

import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { FEATURED_PRODUCTS_LIMIT, useFeaturedProducts } from '@/features/products/api/featured-products';
import { useStoreCurrency } from '@/lib/public-settings';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4';

export function FeaturedProducts() {
  const currency = useStoreCurrency();
  const { data: products, isPending, isError, refetch, isFetching } = useFeaturedProducts();

  return (
    <section aria-labelledby="featured-products-heading" className="flex flex-col gap-4">
      <h2 id="featured-products-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
        Featured products
      </h2>
      {isPending ? (
        <div className={GRID} aria-busy="true">
          <span className="sr-only" role="status">
            Loading featured products
          </span>
          {Array.from({ length: FEATURED_PRODUCTS_LIMIT }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : isError ? (
        <MessagePanel title="Featured products could not be loaded">
          <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      ) : products.length === 0 ? (
        <MessagePanel title="No featured products yet">
          <p className="text-neutral-600">There are no featured products at the moment.</p>
        </MessagePanel>
      ) : (
        <ul className={GRID}>
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
