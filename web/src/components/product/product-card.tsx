'use client';

import Link from 'next/link';
import { PriceTag } from '@/components/product/price-tag';
import { ProductCardVideo, useHoverVideo } from '@/components/product/product-card-video';
import { ProductImage } from '@/components/product/product-image';
import { displayPrice } from '@/components/product/product-price';
import { QuickViewButton } from '@/components/product/quick-view-button';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import type { ProductSummary } from '@/lib/catalogue-types';
import type { CurrencyFormat } from '@/lib/money';
import { productPath } from '@/lib/paths';

/**
 * A product in a grid (home, store pages, search, …): picture, brand, name and price, with the
 * wishlist heart and "Quick view". The name is the link to the product, stretched over the whole
 * card so a click anywhere opens it, while the buttons sit above it as siblings (a button inside
 * a link is invalid HTML and unreachable for some assistive technology).
 */
export function ProductCard({ product, currency }: { product: ProductSummary; currency: CurrencyFormat }) {
  const price = displayPrice(product, currency);
  const video = product.videos[0] ?? null;
  const hover = useHoverVideo(video !== null);

  return (
    <article
      data-testid="product-card"
      onPointerEnter={hover.onPointerEnter}
      onPointerLeave={hover.onPointerLeave}
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600"
    >
      <div className="relative transition-transform duration-300 group-hover:scale-[1.02]">
        <ProductImage src={product.image_url} alt={product.name} />
        {video !== null && hover.showing ? <ProductCardVideo src={video} /> : null}
        {!product.in_stock ? (
          <span className="absolute left-2 top-2 rounded bg-white/90 px-2 py-0.5 text-xs font-medium text-neutral-700">
            Out of stock
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.brand ? (
          <p className="text-xs font-medium uppercase tracking-wide text-neutral-600">{product.brand}</p>
        ) : null}
        <h3 className="line-clamp-2 text-sm font-medium text-neutral-900 group-hover:text-brand-700 sm:text-base">
          <Link
            href={productPath(product.slug)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {product.name}
          </Link>
        </h3>
        <PriceTag
          className="mt-auto pt-2"
          price={price.price}
          regularPrice={price.regularPrice}
          discountPercent={price.discountPercent}
        />
      </div>
      {/* Above the stretched link, so these take their own clicks. */}
      <div className="absolute right-2 top-2 z-10 flex flex-col gap-2">
        <WishlistButton look="overlay" productId={product.id} productName={product.name} />
        <QuickViewButton product={product} currency={currency} />
      </div>
    </article>
  );
}
