import { Truck } from 'lucide-react';
import { ApproximatePrice } from '@/components/product/approximate-price';
import { PriceTag } from '@/components/product/price-tag';
import { displayPrice } from '@/components/product/product-price';
import { AskSellerButton } from '@/features/chat/components/ask-seller-button';
import type { ProductDetail as Product } from '@/features/products/api/product-types';
import { SoldBy, StockStatus } from '@/features/products/components/product-facts';
import { ProductGallery } from '@/features/products/components/product-gallery';
import { ProductPurchase } from '@/features/products/components/product-purchase';
import { StarRating } from '@/features/products/components/star-rating';
import { deliveryLabel } from '@/lib/delivery';
import type { CurrencyFormat } from '@/lib/money';

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
  const price = displayPrice(product, currency);
  const delivery = deliveryLabel(product.estimated_delivery);

  return (
    <article className="flex flex-col gap-10">
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery name={product.name} imageUrl={product.image_url} videos={product.videos} />

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

          <div className="flex flex-col gap-1">
            <PriceTag
              size="lg"
              priceTestId="product-price"
              price={price.price}
              regularPrice={price.regularPrice}
              discountPercent={price.discountPercent}
            />
            <ApproximatePrice
              cents={product.price_range?.min_cents ?? product.effective_price_cents}
              maxCents={product.price_range?.max_cents}
            />
          </div>

          <ul className="flex flex-col gap-2 text-sm text-neutral-700">
            <li className="flex items-center gap-2" data-testid="product-stock">
              <StockStatus inStock={product.in_stock} />
            </li>
            {delivery ? (
              <li className="flex items-center gap-2" data-testid="product-delivery">
                <Truck aria-hidden="true" className="size-4 text-neutral-500" />
                <span>{delivery}</span>
              </li>
            ) : null}
            <li className="flex items-center gap-2" data-testid="product-vendor">
              <SoldBy vendor={product.vendor} siteName={siteName} />
            </li>
          </ul>

          <ProductPurchase key={product.id} product={product} currency={currency} />

          {/* House products are sold by the shop itself: there is no store to ask. */}
          {product.vendor ? (
            <AskSellerButton
              className="self-start"
              vendor={{ slug: product.vendor.store_slug, name: product.vendor.store_name, logo_url: product.vendor.store_logo_url }}
              product={{ id: product.id, slug: product.slug, name: product.name, image_url: product.image_url }}
            />
          ) : null}
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
