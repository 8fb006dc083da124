import { ProductCard } from '@/components/product/product-card';
import type { ProductSummary } from '@/lib/catalogue-types';
import { cn } from '@/lib/cn';
import type { CurrencyFormat } from '@/lib/money';

/**
 * A page of product cards in a grid (`gridClassName`); dimmed and marked busy while the next
 * page loads (`updating`). Shared by the catalogue, search and store pages.
 */
export function ProductCardList({
  products,
  currency,
  gridClassName,
  updating = false,
  testId,
}: {
  products: readonly ProductSummary[];
  currency: CurrencyFormat;
  gridClassName: string;
  updating?: boolean;
  testId: string;
}) {
  return (
    <ul
      className={cn(gridClassName, updating && 'opacity-60 transition-opacity')}
      aria-busy={updating || undefined}
      data-testid={testId}
    >
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} />
        </li>
      ))}
    </ul>
  );
}
