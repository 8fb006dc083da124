import { CircleCheck, CircleX } from 'lucide-react';
import { PriceTag } from '@/components/product/price-tag';
import { discountPercent } from '@/components/product/product-price';
import type { ProductVariation } from '@/features/products/api/product-types';
import {
  valueStatus,
  type Choices,
  type SelectableVariation,
  type VariationAttribute,
} from '@/features/products/lib/variation-selection';
import { cn } from '@/lib/cn';
import { formatMoney, type CurrencyFormat } from '@/lib/money';

const HINTS = { 'sold-out': ' (sold out)', unavailable: ' (unavailable)' } as const;

/**
 * The product's options, one group per attribute (SPEC §4–5): each value is a toggle button;
 * choosing a value selects it, choosing it again deselects it. A value that no enabled variation
 * with stock has together with the other choices is disabled and says why in its name ("S (sold
 * out)"); a chosen value stays pressable so it can always be deselected.
 */
export function AttributeSelector({
  attributes,
  variations,
  choices,
  onToggle,
}: {
  attributes: readonly VariationAttribute[];
  variations: readonly SelectableVariation[];
  choices: Choices;
  onToggle: (name: string, value: string) => void;
}) {
  if (attributes.length === 0) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="attribute-selector">
      {attributes.map((attribute) => {
        const chosen = choices[attribute.name];
        return (
          <fieldset key={attribute.name} className="min-w-0">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">
              {attribute.name}
              {chosen !== undefined ? (
                <span aria-hidden="true" className="font-normal text-neutral-600">
                  : {chosen}
                </span>
              ) : null}
            </legend>
            <div className="flex flex-wrap gap-2">
              {attribute.values.map((value) => {
                const selected = chosen === value;
                const status = valueStatus(variations, choices, attribute.name, value);
                const unavailable = status !== 'available';
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={selected}
                    aria-label={status === 'available' ? undefined : `${value}${HINTS[status]}`}
                    disabled={unavailable && !selected}
                    onClick={() => onToggle(attribute.name, value)}
                    className={cn(
                      'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium',
                      'outline-offset-2 disabled:cursor-not-allowed',
                      selected
                        ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-600'
                        : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-500',
                      unavailable && 'border-dashed text-neutral-500 hover:border-neutral-300',
                    )}
                  >
                    <span className={cn(unavailable && 'line-through')}>{value}</span>
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/** At or below this many, "Only N left"; above it the count is given plainly. */
const LOW_STOCK = 5;

function stockText(variation: ProductVariation, stock: number): string {
  if (stock <= 0) return 'Out of stock';
  if (!variation.manage_stock) return 'In stock';
  return stock <= LOW_STOCK ? `Only ${stock} left` : `${stock} in stock`;
}

/**
 * The chosen variation's name, price and stock, under the options. It is a live region that is
 * always present, so screen readers hear the price and stock as a choice completes.
 */
export function ChosenVariation({
  variation,
  stock,
  currency,
}: {
  variation: ProductVariation | null;
  stock: number | null;
  currency: CurrencyFormat;
}) {
  const onSale = variation !== null && variation.effective_price_cents < variation.price_cents;
  return (
    <div aria-live="polite" data-testid="chosen-variation">
      {variation && stock !== null ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-neutral-200 bg-white px-4 py-3">
          <span className="font-medium text-neutral-900">{variation.name}</span>
          <PriceTag
            priceTestId="chosen-variation-price"
            price={formatMoney(variation.effective_price_cents, currency)}
            regularPrice={onSale ? formatMoney(variation.price_cents, currency) : null}
            discountPercent={onSale ? discountPercent(variation.price_cents, variation.effective_price_cents) : null}
          />
          <span className="flex items-center gap-1.5 text-sm" data-testid="chosen-variation-stock">
            {stock > 0 ? (
              <CircleCheck aria-hidden="true" className="size-4 text-brand-600" />
            ) : (
              <CircleX aria-hidden="true" className="size-4 text-sale" />
            )}
            <span className={cn('font-medium', stock > 0 ? 'text-brand-700' : 'text-sale')}>
              {stockText(variation, stock)}
            </span>
          </span>
        </div>
      ) : null}
    </div>
  );
}
