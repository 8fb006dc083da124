'use client';

import dynamic from 'next/dynamic';
import { Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { CHART_DAYS, formatCount, salesSummary, type SalesRow } from '@/features/admin/components/dashboard-figures';

/**
 * The dashboard's sales per day: a chart named by a summary in words, with a table of the same
 * numbers (STYLE.md "Charts"). recharts is loaded here, only in the browser and only when the
 * chart is shown: the storefront and the other admin pages never carry it.
 */

/** As tall as the chart it stands in for, so nothing moves when the chart arrives. */
function ChartSkeleton() {
  return <Skeleton className="h-72 w-full" />;
}

const DashboardSalesChart = dynamic(() => import('@/features/admin/components/dashboard-sales-chart'), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

const TABLE_CAPTION = 'Sales, orders and refunds per day';

export function SalesPanel({ rows }: { rows: readonly SalesRow[] }) {
  return (
    <Panel
      title="Sales per day"
      description={`Sales (bars) and orders (line) over the last ${CHART_DAYS} days, South African time. Updated every ten minutes.`}
    >
      <figure aria-label={salesSummary(rows)} data-testid="sales-chart" className="m-0">
        <div aria-hidden="true" className="h-72 w-full">
          <DashboardSalesChart rows={rows} />
        </div>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:text-brand-800">Show as a table</summary>
        <ScrollTable label={TABLE_CAPTION} className="mt-3 max-h-96 overflow-y-auto rounded-md border border-neutral-200">
          <table className="w-full text-left text-sm" data-testid="sales-table">
            <caption className="sr-only">{TABLE_CAPTION}</caption>
            <thead className="sticky top-0 border-b border-neutral-200 bg-white text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Sales
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Refunds
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {rows.map((row) => (
                <tr key={row.day}>
                  <th scope="row" className="px-3 py-2 font-normal text-neutral-800">
                    <time dateTime={row.day}>{row.fullLabel}</time>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.salesCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.orders)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.refundsCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </details>
    </Panel>
  );
}
