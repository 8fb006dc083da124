import { format, parseISO } from 'date-fns';
import type { Quote } from '@/features/checkout/api/checkout-types';
import { PartCharges } from '@/features/checkout/components/part-charges';
import { formatMoney } from '@/lib/money';

/** "Nov 26 – Dec 2" from the server's dates (yyyy-mm-dd). */
export function deliveryRange(from: string, to: string): string {
  const start = format(parseISO(from), 'MMM d');
  const end = format(parseISO(to), 'MMM d');
  return start === end ? start : `${start} – ${end}`;
}

function Row({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-neutral-200 pt-3 text-base font-semibold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The quote's lines and totals, with the estimated delivery, shipping and discount of each vendor's part. */
export function OrderSummary({ quote, updating }: { quote: Quote; updating: boolean }) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      aria-busy={updating}
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-5"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {quote.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span className="min-w-0">
              {item.product_name}
              {item.variation_name ? <span className="text-neutral-600"> ({item.variation_name})</span> : null}
              <span className="text-neutral-600"> × {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatMoney(item.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 border-t border-neutral-200 pt-3 text-sm">
        <dl className="flex flex-col gap-2">
          <Row label="Subtotal" value={formatMoney(quote.subtotal_cents)} testId="quote-subtotal" />
          {quote.discount_cents > 0 ? (
            <Row
              label={quote.coupon_code ? `Discount (${quote.coupon_code})` : 'Discount'}
              value={`-${formatMoney(quote.discount_cents)}`}
              testId="quote-discount"
            />
          ) : null}
          <Row
            label="Shipping"
            value={quote.shipping_cents === 0 ? 'Free' : formatMoney(quote.shipping_cents)}
            testId="quote-shipping"
          />
          {quote.points_discount_cents > 0 ? (
            <Row
              label={`Points (${quote.points_spent})`}
              value={`-${formatMoney(quote.points_discount_cents)}`}
              testId="quote-points"
            />
          ) : null}
          <Row label="Total" value={formatMoney(quote.total_cents)} testId="quote-total" strong />
        </dl>
        {/* Outside the list: a <dl> holds only its term and value pairs. */}
        <p className="text-xs text-neutral-600" data-testid="quote-vat">
          VAT included ({quote.vat_rate_percent}%): {formatMoney(quote.vat_cents)}
        </p>
      </div>
      {quote.parts.length > 0 ? (
        <div className="flex flex-col gap-1 border-t border-neutral-200 pt-3 text-sm">
          <h3 className="font-medium">Estimated delivery</h3>
          <ul className="flex flex-col gap-2 text-neutral-700" data-testid="quote-delivery">
            {quote.parts.map((part) => (
              <li key={part.vendor_id ?? part.vendor_name} className="flex flex-col" data-testid="quote-part">
                <span>
                  {part.vendor_name}: {deliveryRange(part.delivery_from, part.delivery_to)}
                </span>
                <PartCharges
                  shippingCents={part.shipping_cents}
                  discountCents={part.discount_cents}
                  className="text-xs text-neutral-600 tabular-nums"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
