'use client';

import type { RefObject } from 'react';
import Link from 'next/link';
import * as Dialog from '@radix-ui/react-dialog';
import { ShoppingCart, X } from 'lucide-react';
import { PriceTag } from '@/components/product/price-tag';
import { ProductImage } from '@/components/product/product-image';
import { displayPrice } from '@/components/product/product-price';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCartActions } from '@/features/cart/api/cart';
import { useProduct } from '@/features/products/api/product-detail';
import { cartLine } from '@/features/products/components/cart-line';
import { SoldBy, StockStatus } from '@/features/products/components/product-facts';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { ApiError } from '@/lib/api-client';
import type { ProductSummary } from '@/lib/catalogue-types';
import type { CurrencyFormat } from '@/lib/money';
import { productPath } from '@/lib/paths';
import { useSiteName } from '@/lib/public-settings';

const LINK_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium';

/**
 * Quick view (SPEC §1): a product's essentials over the list it was opened from. The card's
 * summary shows at once; the product (vendor, description, current stock) loads beside it into
 * the cache the product page reads. A simple product is added to the cart from here; a product
 * with options leads to its page to choose them.
 */
export function QuickViewDialog({
  open,
  onOpenChange,
  product,
  currency,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: ProductSummary;
  currency: CurrencyFormat;
  /** The button that opened it (Radix only returns focus to a `Dialog.Trigger` of its own). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          data-testid="quick-view"
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(48rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white text-neutral-800 shadow-xl"
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-2 right-2 z-10 inline-flex size-9 items-center justify-center rounded-md bg-white/90 text-neutral-700 hover:bg-neutral-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          {open ? <QuickViewBody summary={product} currency={currency} onAdded={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuickViewBody({
  summary,
  currency,
  onAdded,
}: {
  summary: ProductSummary;
  currency: CurrencyFormat;
  onAdded: () => void;
}) {
  const siteName = useSiteName();
  const { data: detail, isPending, error } = useProduct(summary.slug);
  // The loaded product is fresher (stock, price); until then the card's summary stands in.
  const product: ProductSummary = detail ?? summary;
  const gone = error instanceof ApiError && error.isNotFound;
  const price = displayPrice(product, currency);

  return (
    <div className="grid gap-5 p-5 sm:grid-cols-2 sm:gap-6 sm:p-6">
      <ProductImage src={product.image_url} alt={product.name} className="rounded-lg border border-neutral-200" />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1 pr-8">
          {product.brand ? (
            <p className="text-xs font-medium uppercase tracking-wide text-neutral-600">{product.brand}</p>
          ) : null}
          <Dialog.Title className="text-xl font-bold tracking-tight text-neutral-900">{product.name}</Dialog.Title>
        </div>
        <PriceTag
          priceTestId="quick-view-price"
          price={price.price}
          regularPrice={price.regularPrice}
          discountPercent={price.discountPercent}
        />
        {gone ? (
          <p className="text-sm text-neutral-700" data-testid="quick-view-gone">
            This product is no longer available.
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-2 text-sm text-neutral-700">
              <li className="flex items-center gap-2" data-testid="quick-view-stock">
                <StockStatus inStock={product.in_stock} />
              </li>
              {detail ? (
                <li className="flex items-center gap-2" data-testid="quick-view-vendor">
                  <SoldBy vendor={detail.vendor} siteName={siteName} />
                </li>
              ) : isPending ? (
                <li aria-hidden="true">
                  <Skeleton className="h-5 w-40" />
                </li>
              ) : null}
            </ul>
            {isPending ? (
              <div className="flex flex-col gap-2" aria-hidden="true">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-4/5" />
              </div>
            ) : detail?.description ? (
              <p className="line-clamp-4 text-sm leading-relaxed text-neutral-700" data-testid="quick-view-description">
                {detail.description}
              </p>
            ) : null}
            <QuickViewActions product={product} onAdded={onAdded} />
          </>
        )}
        {gone || !product.has_variations ? (
          <Link
            href={productPath(product.slug)}
            className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            View full details
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** "Add to Cart" for a simple product (one at a time); "Choose options" for one with variations. */
function QuickViewActions({ product, onAdded }: { product: ProductSummary; onAdded: () => void }) {
  const { add } = useCartActions();
  const stock = Math.max(product.stock_quantity, 0);

  return (
    <div className="flex flex-wrap items-center gap-3">
      {product.has_variations ? (
        <Link
          href={productPath(product.slug)}
          className={`${LINK_BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
          data-testid="quick-view-choose-options"
        >
          Choose options
        </Link>
      ) : (
        <Button
          className="px-6 py-2.5"
          disabled={!product.in_stock || stock <= 0 || add.isPending}
          onClick={() => add.mutate(cartLine(product, { quantity: 1, stock }), { onSuccess: onAdded })}
          data-testid="quick-view-add-to-cart"
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to Cart
        </Button>
      )}
      <WishlistButton productId={product.id} productName={product.name} />
    </div>
  );
}
