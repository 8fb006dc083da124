import Link from 'next/link';
import { CircleCheck, CircleX, Store, Truck } from 'lucide-react';
import { PriceTag } from '@/components/product/price-tag';
import { ProductImage } from '@/components/product/product-image';
import type { ProductDetail as Product } from '@/features/products/api/product-types';
import { productPriceLabel } from '@/features/products/components/product-pricing';
import { ProductPurchase } from '@/features/products/components/product-purchase';
import { StarRating } from '@/features/products/components/star-rating';
import { deliveryLabel } from '@/lib/delivery';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { storePath } from '@/lib/paths';

export function ProductDetail({
  product,
  currency,
  siteName,
}: {
  product: Product;
  currency: CurrencyFormat;
  siteName: string;
}) {
  // With variations priced differently, the range says it all; each option shows its own sale.
  const hasPriceRange =
    product.price_range !== null && product.price_range.min_cents !== product.price_range.max_cents;
  const onSale = product.on_sale && product.sale_price_cents !== null && !hasPriceRange;
  const delivery = deliveryLabel(product.estimated_delivery);

  return (
    <article className="flex flex-col gap-10">
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductImage
          src={product.image_url}
          alt={product.name}
          priority
          className="rounded-lg border border-neutral-200 bg-white"
        />

        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            {product.brand ? (
              <p className="text-sm font-medium uppercase tracking-wide text-neutral-600">{product.brand}</p>
            ) : null}
            <h1 data-testid="product-name" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {product.name}
            </h1>
            <StarRating rating={product.rating} />
          </div>

          <PriceTag
            size="lg"
            priceTestId="product-price"
            price={productPriceLabel(product, currency)}
            regularPrice={onSale ? formatMoney(product.price_cents, currency) : null}
            discountPercent={onSale ? product.discount_percent : null}
          />

          <ul className="flex flex-col gap-2 text-sm text-neutral-700">
            <li className="flex items-center gap-2" data-testid="product-stock">
              {product.in_stock ? (
                <>
                  <CircleCheck aria-hidden="true" className="size-4 text-brand-600" />
                  <span className="font-medium text-brand-700">In stock</span>
                </>
              ) : (
                <>
                  <CircleX aria-hidden="true" className="size-4 text-sale" />
                  <span className="font-medium text-sale">Out of stock</span>
                </>
              )}
            </li>
            {delivery ? (
              <li className="flex items-center gap-2" data-testid="product-delivery">
                <Truck aria-hidden="true" className="size-4 text-neutral-500" />
                <span>{delivery}</span>
              </li>
            ) : null}
            <li className="flex items-center gap-2" data-testid="product-vendor">
              <Store aria-hidden="true" className="size-4 text-neutral-500" />
              <span>
                Sold by{' '}
                {product.vendor ? (
                  <Link
                    href={storePath(product.vendor.store_slug)}
                    data-testid="product-vendor-link"
                    className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    {product.vendor.store_name}
                  </Link>
                ) : (
                  <span className="font-medium text-neutral-900">{siteName}</span>
                )}
              </span>
            </li>
          </ul>

          <ProductPurchase key={product.id} product={product} currency={currency} />
        </div>
      </div>

      {product.description ? (
        <section aria-labelledby="product-description-heading" className="flex max-w-3xl flex-col gap-3">
          <h2 id="product-description-heading" className="text-lg font-semibold">
            Description
          </h2>
          <p className="whitespace-pre-line leading-relaxed text-neutral-700">{product.description}</p>
        </section>
      ) : null}
    </article>
  );
}
