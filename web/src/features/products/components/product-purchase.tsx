'use client';

import { useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCartActions } from '@/features/cart/api/cart';
import type { ProductDetail, ProductVariation } from '@/features/products/api/product-types';
import { cartLine } from '@/features/products/components/cart-line';
import { ProductVariations } from '@/features/products/components/product-variations';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import type { CurrencyFormat } from '@/lib/money';

/** Stock an unmanaged variation may be bought up to (the server does not count it). */
const UNMANAGED_STOCK = 99;

/** How many can be bought of the product, or of the chosen variation; null until one is chosen. */
export function availableStock(product: ProductDetail, variation: ProductVariation | null): number | null {
  if (product.has_variations && product.variations.length > 0) {
    if (!variation) return null;
    return variation.manage_stock ? Math.max(variation.stock_quantity, 0) : UNMANAGED_STOCK;
  }
  return Math.max(product.stock_quantity, 0);
}

/**
 * Options, quantity and "Add to Cart" (SPEC §5): the quantity runs from 1 to the stock, and the
 * button is disabled when nothing is in stock or a product with options has none chosen.
 */
export function ProductPurchase({ product, currency }: { product: ProductDetail; currency: CurrencyFormat }) {
  const [variationId, setVariationId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const { add } = useCartActions();

  const variation = product.variations.find((v) => v.id === variationId) ?? null;
  const stock = availableStock(product, variation);
  const needsChoice = stock === null;
  const soldOut = stock !== null && stock <= 0;
  const max = Math.max(stock ?? 1, 1);
  const shownQuantity = Math.min(quantity, max);

  function choose(id: string | null) {
    setVariationId(id);
    setQuantity(1);
  }

  function addToCart() {
    if (stock === null || stock <= 0) return;
    add.mutate(cartLine(product, { variation, quantity: shownQuantity, stock }));
  }

  return (
    <div className="flex flex-col gap-4">
      <ProductVariations
        variations={product.variations}
        currency={currency}
        selectedId={variationId}
        onSelect={choose}
      />
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          label="Quantity"
          value={shownQuantity}
          max={max}
          disabled={needsChoice || soldOut}
          onChange={setQuantity}
        />
        <Button
          className="px-6 py-2.5"
          disabled={needsChoice || soldOut || add.isPending}
          onClick={addToCart}
          data-testid="add-to-cart"
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to Cart
        </Button>
        <WishlistButton productId={product.id} />
      </div>
      {needsChoice ? (
        <p className="text-sm text-neutral-600" data-testid="choose-option-hint">
          Choose an option to add it to your cart.
        </p>
      ) : null}
    </div>
  );
}
