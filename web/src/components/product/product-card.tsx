import Link from 'next/link';
import { PriceTag } from '@/components/product/price-tag';
import { ProductImage } from '@/components/product/product-image';
import type { ProductSummary } from '@/lib/catalogue-types';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { productPath } from '@/lib/paths';

/** A product in a grid (home, store pages, …): picture, brand, name and price, linking to its page. */
export function ProductCard({
  product,
  currency,
}: {
  product: ProductSummary;
  currency: CurrencyFormat;
}) {
  const onSale = product.on_sale && product.sale_price_cents !== null;
  return (
    <Link
      href={productPath(product.slug)}
      data-testid="product-card"
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md"
    >
      <div className="relative">
        <ProductImage
          src={product.image_url}
          alt={product.name}
          className="transition-transform duration-300 group-hover:scale-[1.02]"
        />
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
          {product.name}
        </h3>
        <PriceTag
          className="mt-auto pt-2"
          price={formatMoney(product.effective_price_cents, currency)}
          regularPrice={onSale ? formatMoney(product.price_cents, currency) : null}
          discountPercent={onSale ? product.discount_percent : null}
        />
      </div>
    </Link>
  );
}
