'use client';

import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import type { AnalyticsPeriod } from '@/features/vendor-analytics/api/analytics-types';
import {
  formatCount,
  formatPercent,
  salesSummary,
  viewsSummary,
  type ChartRow,
} from '@/features/vendor-analytics/lib/analytics-figures';
import { periodLook } from '@/features/vendor-analytics/lib/analytics-params';

/**
 * The two charts of the analytics page, each a figure named by a summary in words, with a table
 * of the same numbers (STYLE.md "Charts"). recharts is loaded here, only in the browser and only
 * when a chart is shown: the storefront and the other area pages never carry it.
 */

/** As tall as the chart it stands in for, so nothing moves when the chart arrives. */
export function ChartSkeleton() {
  return <Skeleton className="h-72 w-full" />;
}

const AnalyticsChart = dynamic(() => import('@/features/vendor-analytics/components/analytics-charts'), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

interface PanelProps {
  rows: readonly ChartRow[];
  period: AnalyticsPeriod;
}

export function SalesPanel({ rows, period }: PanelProps) {
  const look = periodLook(period);
  return (
    <Panel title="Sales over time" description={`Sales (bars) and orders (line) by ${look.unit}.`}>
      <ChartFigure summary={salesSummary(rows, period)} testId="sales-chart">
        <AnalyticsChart kind="sales" rows={rows} />
      </ChartFigure>
      <ChartTable
        caption={`Sales and orders by ${look.unit}`}
        headings={['Sales', 'Orders']}
        rows={rows}
        cells={(row) => [formatMoney(row.salesCents), formatCount(row.orders)]}
      />
    </Panel>
  );
}

export function ViewsPanel({ rows, period }: PanelProps) {
  const look = periodLook(period);
  return (
    <Panel title="Views and orders" description={`Product page views (area) and orders (line) by ${look.unit}.`}>
      <ChartFigure summary={viewsSummary(rows, period)} testId="views-chart">
        <AnalyticsChart kind="views" rows={rows} />
      </ChartFigure>
      <ChartTable
        caption={`Product views, orders and conversion by ${look.unit}`}
        headings={['Views', 'Orders', 'Conversion']}
        rows={rows}
        cells={(row) => [formatCount(row.views), formatCount(row.orders), formatPercent(row.conversion)]}
      />
    </Panel>
  );
}

/** The chart, named by its summary; the picture itself is hidden from assistive technology. */
function ChartFigure({ summary, testId, children }: { summary: string; testId: string; children: ReactNode }) {
  return (
    <figure aria-label={summary} data-testid={testId} className="m-0">
      <div aria-hidden="true" className="h-72 w-full">
        {children}
      </div>
    </figure>
  );
}

/** The chart's numbers as a table, one row a bucket, folded away until asked for. */
function ChartTable({
  caption,
  headings,
  rows,
  cells,
}: {
  caption: string;
  headings: readonly string[];
  rows: readonly ChartRow[];
  cells: (row: ChartRow) => readonly string[];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:text-brand-800">Show as a table</summary>
      <ScrollTable label={caption} className="mt-3 max-h-96 overflow-y-auto rounded-md border border-neutral-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 border-b border-neutral-200 bg-white text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Period
              </th>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 text-right">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {rows.map((row) => (
              <tr key={row.start}>
                <th scope="row" className="px-3 py-2 font-normal text-neutral-800">
                  {row.fullLabel}
                </th>
                {cells(row).map((cell, index) => (
                  <td key={headings[index]} className="px-3 py-2 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </details>
  );
}
