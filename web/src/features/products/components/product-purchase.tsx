'use client';

import { useMemo, useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCartActions } from '@/features/cart/api/cart';
import type { ProductDetail, ProductVariation } from '@/features/products/api/product-types';
import { AttributeSelector, ChosenVariation } from '@/features/products/components/attribute-selector';
import { cartLine } from '@/features/products/components/cart-line';
import {
  cartOptions,
  resolveVariation,
  selectableVariations,
  toggleChoice,
  variationAttributes,
  type Choices,
} from '@/features/products/lib/variation-selection';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import type { CurrencyFormat } from '@/lib/money';

/** Stock an unmanaged variation may be bought up to (the server does not count it). */
const UNMANAGED_STOCK = 99;

/**
 * How many can be bought of the product, or of the chosen variation; null until one is chosen.
 * A product whose variations are all disabled has nothing to choose and nothing in stock.
 */
export function availableStock(product: ProductDetail, variation: ProductVariation | null): number | null {
  if (product.has_variations && product.variations.length > 0) {
    if (!product.variations.some((v) => v.enabled)) return 0;
    if (!variation) return null;
    return variation.manage_stock ? Math.max(variation.stock_quantity, 0) : UNMANAGED_STOCK;
  }
  return Math.max(product.stock_quantity, 0);
}

/**
 * Options, quantity and "Add to Cart" (SPEC §5): the options resolve a variation once every
 * attribute has a choice; the quantity runs from 1 to its stock, and the button is disabled when
 * nothing is in stock or a product with options has none resolved.
 */
export function ProductPurchase({ product, currency }: { product: ProductDetail; currency: CurrencyFormat }) {
  const [choices, setChoices] = useState<Choices>({});
  const [quantity, setQuantity] = useState(1);
  const { add } = useCartActions();

  const variations = useMemo(() => selectableVariations(product.variations), [product.variations]);
  const attributes = useMemo(() => variationAttributes(variations), [variations]);
  // Only the attributes still asked count (the product may have been refetched since).
  const chosen = useMemo(() => {
    const asked: Record<string, string> = {};
    for (const { name } of attributes) {
      const value = choices[name];
      if (value !== undefined) asked[name] = value;
    }
    return asked;
  }, [attributes, choices]);

  const variation = resolveVariation(variations, attributes, chosen);
  const stock = availableStock(product, variation);
  const needsChoice = stock === null;
  const soldOut = stock !== null && stock <= 0;
  const max = Math.max(stock ?? 1, 1);
  const shownQuantity = Math.min(quantity, max);

  function toggle(name: string, value: string) {
    setChoices(toggleChoice(chosen, name, value));
    setQuantity(1);
  }

  function addToCart() {
    if (stock === null || stock <= 0) return;
    add.mutate({ ...cartLine(product, { variation, quantity: shownQuantity, stock }), ...cartOptions(chosen) });
  }

  return (
    <div className="flex flex-col gap-4">
      {attributes.length > 0 ? (
        <section aria-labelledby="product-options-heading" className="flex flex-col gap-3">
          <h2 id="product-options-heading" className="text-sm font-semibold uppercase tracking-wide text-neutral-700">
            Options
          </h2>
          <AttributeSelector attributes={attributes} variations={variations} choices={chosen} onToggle={toggle} />
          <ChosenVariation variation={variation} stock={stock} currency={currency} />
        </section>
      ) : null}
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
