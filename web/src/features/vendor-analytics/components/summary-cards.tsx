import { formatMoney } from '@/lib/money';
import type { AnalyticsPeriod, VendorAnalytics } from '@/features/vendor-analytics/api/analytics-types';
import {
  formatCents,
  formatCount,
  formatPercent,
  formatRating,
  plural,
} from '@/features/vendor-analytics/lib/analytics-figures';
import { periodLook } from '@/features/vendor-analytics/lib/analytics-params';

/** The period's totals at a glance: sales, orders, average order, conversion, refunds and rating. */
export function SummaryCards({ analytics, period }: { analytics: VendorAnalytics; period: AnalyticsPeriod }) {
  const { totals } = analytics;
  const look = periodLook(period);
  return (
    <section aria-labelledby="analytics-totals">
      <h2 id="analytics-totals" className="mb-3 text-lg font-semibold text-neutral-900">
        Totals over {look.span}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Card
          id="sales"
          label="Sales"
          value={formatMoney(totals.sales_cents)}
          detail={`${plural(totals.units, 'unit')} sold`}
        />
        <Card id="orders" label="Orders" value={formatCount(totals.orders)} detail="Paid orders" />
        <Card
          id="average-order"
          label="Average order"
          value={formatCents(analytics.average_order_cents)}
          detail={analytics.average_order_cents === null ? 'No orders yet' : 'Sales per order'}
        />
        <Card
          id="conversion"
          label="Conversion"
          value={formatPercent(analytics.conversion_percent)}
          detail={
            totals.views === 0
              ? 'No product views yet'
              : `${plural(totals.orders, 'order')} from ${plural(totals.views, 'product view')}`
          }
        />
        <Card
          id="refunds"
          label="Refunds"
          value={formatMoney(totals.refunds_cents)}
          detail={`${formatCount(totals.cancelled)} cancelled`}
        />
        <Card
          id="rating"
          label="Rating"
          value={formatRating(analytics.rating)}
          detail={`${plural(analytics.reviews, 'review')}, all time`}
        />
      </dl>
    </section>
  );
}

function Card({ id, label, value, detail }: { id: string; label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white px-4 py-3" data-testid={`card-${id}`}>
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words text-neutral-900 tabular-nums sm:text-2xl" data-testid="card-value">
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-neutral-600" data-testid="card-detail">
        {detail}
      </dd>
    </div>
  );
}
