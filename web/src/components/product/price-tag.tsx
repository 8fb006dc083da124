import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/**
 * The price as shoppers read it: the current price, and when on sale the regular price struck
 * through and the discount badge. All amounts arrive already formatted.
 */
export function PriceTag({
  price,
  regularPrice,
  discountPercent,
  size = 'md',
  priceTestId,
  className,
}: {
  price: string;
  regularPrice?: string | null;
  discountPercent?: number | null;
  size?: 'md' | 'lg';
  priceTestId?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-1', className)}>
      <span
        data-testid={priceTestId}
        className={cn(
          'font-bold tabular-nums',
          regularPrice ? 'text-sale' : 'text-neutral-900',
          size === 'lg' ? 'text-2xl sm:text-3xl' : 'text-base',
        )}
      >
        {regularPrice ? <span className="sr-only">Sale price: </span> : null}
        {price}
      </span>
      {regularPrice ? (
        <span className={cn('text-neutral-500 tabular-nums', size === 'lg' ? 'text-base' : 'text-sm')}>
          <span className="sr-only">Regular price: </span>
          <s>{regularPrice}</s>
        </span>
      ) : null}
      {discountPercent ? (
        <Badge tone="sale" className="self-center">
          <span className="sr-only">Save </span>-{discountPercent}%
        </Badge>
      ) : null}
    </div>
  );
}
