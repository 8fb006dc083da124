import type { ProductVariation } from '@/features/products/api/product-types';
import { isVariationOutOfStock } from '@/features/products/components/product-pricing';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { cn } from '@/lib/cn';

/**
 * The product's options. With `onSelect` each row is a toggle button: choosing an option selects
 * it, choosing it again deselects it (SPEC §4); sold-out options cannot be chosen (SPEC §5).
 */
export function ProductVariations({
  variations,
  currency,
  selectedId = null,
  onSelect,
}: {
  variations: ProductVariation[];
  currency: CurrencyFormat;
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
}) {
  if (variations.length === 0) return null;
  return (
    <section aria-labelledby="product-options-heading" className="flex flex-col gap-2">
      <h2 id="product-options-heading" className="text-sm font-semibold uppercase tracking-wide text-neutral-700">
        Options
      </h2>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" data-testid="product-variations">
        {variations.map((variation) => {
          const outOfStock = isVariationOutOfStock(variation);
          const onSale =
            variation.sale_price_cents !== null && variation.effective_price_cents < variation.price_cents;
          const selected = selectedId === variation.id;
          const content = (
            <>
              <span className={cn('font-medium', outOfStock ? 'text-neutral-500' : 'text-neutral-900')}>
                {variation.name}
              </span>
              <span className="flex items-baseline gap-2 text-sm tabular-nums">
                {outOfStock ? <span className="font-medium text-neutral-600">Out of stock</span> : null}
                {onSale ? (
                  <span className="text-neutral-500">
                    <span className="sr-only">Regular price: </span>
                    <s>{formatMoney(variation.price_cents, currency)}</s>
                  </span>
                ) : null}
                <span className={cn('font-semibold', onSale ? 'text-sale' : 'text-neutral-900')}>
                  {formatMoney(variation.effective_price_cents, currency)}
                </span>
              </span>
            </>
          );
          const row = 'flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3';
          return (
            <li key={variation.id}>
              {onSelect ? (
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={outOfStock}
                  onClick={() => onSelect(selected ? null : variation.id)}
                  className={cn(
                    row,
                    'text-left outline-offset-[-2px] hover:bg-neutral-50 disabled:cursor-not-allowed disabled:hover:bg-transparent',
                    selected && 'bg-brand-50 ring-2 ring-inset ring-brand-600',
                  )}
                >
                  {content}
                </button>
              ) : (
                <div className={row}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
