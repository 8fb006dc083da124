import type { ProductDetail, ProductVariation } from '@/features/products/api/product-types';
import { formatMoney, type CurrencyFormat } from '@/lib/money';

/**
 * The main price line of a product page: the effective price, or for a product with variations
 * the range of their effective prices ("R399.00 – R549.00"), or one price when they are all equal.
 */
export function productPriceLabel(product: ProductDetail, currency: CurrencyFormat): string {
  const range = product.price_range;
  if (range) {
    if (range.min_cents === range.max_cents) return formatMoney(range.min_cents, currency);
    return `${formatMoney(range.min_cents, currency)} – ${formatMoney(range.max_cents, currency)}`;
  }
  return formatMoney(product.effective_price_cents, currency);
}

export function isVariationOutOfStock(variation: ProductVariation): boolean {
  return variation.manage_stock && variation.stock_quantity <= 0;
}

export function ratingLabel(rating: ProductDetail['rating']): string {
  if (!rating || rating.count <= 0 || rating.average === null) return 'No reviews yet';
  const reviews = rating.count === 1 ? 'review' : 'reviews';
  return `${rating.average.toFixed(1)} out of 5 (${rating.count} ${reviews})`;
}
