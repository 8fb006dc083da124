import { formatMoney } from '@/lib/money';

/**
 * What one vendor's part of an order is charged besides its goods: its shipping ("Shipping:
 * R30.00", or "Shipping: Free") and, when it has one, its share of the discount. The parts add
 * up to the order's shipping and discount (a vendor with terms of their own ships their part
 * alone; the others ship together, one charge shared out by their goods).
 */
export function PartCharges({
  shippingCents,
  discountCents,
  className,
}: {
  shippingCents: number;
  discountCents: number;
  className?: string;
}) {
  return (
    <span className={className} data-testid="part-charges">
      <span data-testid="part-shipping">Shipping: {shippingCents === 0 ? 'Free' : formatMoney(shippingCents)}</span>
      {discountCents > 0 ? (
        <>
          {' · '}
          <span data-testid="part-discount">Discount: -{formatMoney(discountCents)}</span>
        </>
      ) : null}
    </span>
  );
}
