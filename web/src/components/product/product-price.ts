import type { ProductSummary } from '@/lib/catalogue-types';
import { formatMoney, type CurrencyFormat } from '@/lib/money';

/** A product's price as PriceTag shows it, already formatted. */
export interface DisplayPrice {
  price: string;
  /** The regular price, struck through, when a sale applies. */
  regularPrice: string | null;
  discountPercent: number | null;
}

/** SPEC §9 "Discount percentage rounded": the API sends it; this covers a summary without one. */
export function discountPercent(priceCents: number, saleCents: number): number {
  if (priceCents <= 0 || saleCents >= priceCents) return 0;
  return Math.round((100 * (priceCents - saleCents)) / priceCents);
}

/**
 * The price of a card, the quick view or the product page. A product with variations priced
 * differently shows their range ("R399.00 – R549.00"); the API builds it from each variation's
 * sale price when it has one (SPEC §9), and product-level sales do not apply to such a product,
 * so no regular price or discount goes with it. Otherwise the effective price, and when the sale
 * price applies (only if lower than the price, SPEC §5) the regular price and the rounded
 * discount.
 */
export function displayPrice(product: ProductSummary, currency: CurrencyFormat): DisplayPrice {
  const range = product.price_range;
  if (range) {
    const price =
      range.min_cents === range.max_cents
        ? formatMoney(range.min_cents, currency)
        : `${formatMoney(range.min_cents, currency)} – ${formatMoney(range.max_cents, currency)}`;
    if (range.min_cents !== range.max_cents) return { price, regularPrice: null, discountPercent: null };
    return { price, ...saleOf(product, currency) };
  }
  return { price: formatMoney(product.effective_price_cents, currency), ...saleOf(product, currency) };
}

function saleOf(product: ProductSummary, currency: CurrencyFormat): Omit<DisplayPrice, 'price'> {
  const sale = product.sale_price_cents;
  if (!product.on_sale || sale === null || sale >= product.price_cents) {
    return { regularPrice: null, discountPercent: null };
  }
  return {
    regularPrice: formatMoney(product.price_cents, currency),
    discountPercent: product.discount_percent ?? discountPercent(product.price_cents, sale),
  };
}
