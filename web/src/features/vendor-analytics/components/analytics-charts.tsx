'use client';

import type { ReactNode } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatMoney } from '@/lib/money';
import {
  compactRand,
  formatCount,
  formatPercent,
  type ChartRow,
} from '@/features/vendor-analytics/lib/analytics-figures';

/**
 * The analytics charts, drawn with recharts. Only the analytics page loads this module, and only
 * through next/dynamic (chart-panels.tsx), so no other page carries the library. The charts are
 * pictures of numbers the page also gives as a table and in words (the figure's label), so they
 * are hidden from assistive technology and left out of the tab order.
 */

export type ChartKind = 'sales' | 'views';

export interface ChartProps {
  kind: ChartKind;
  rows: readonly ChartRow[];
}

// The site's palette (globals.css), which dark mode redefines; orders are amber on both.
const BRAND = 'var(--color-brand-600)';
const VIEWS = '#0284c7';
const ORDERS = '#d97706';
const GRID = 'var(--color-neutral-200)';
const TICK = { fill: 'var(--color-neutral-600)', fontSize: 12 };
const MARGIN = { top: 8, right: 4, bottom: 0, left: 4 };
const CHART_STYLE = { width: '100%', height: '100%' };

/** The chart of one kind (the module's one export, so next/dynamic loads it once for both). */
export default function AnalyticsChart({ kind, rows }: ChartProps) {
  return kind === 'sales' ? <SalesChart rows={rows} /> : <ViewsChart rows={rows} />;
}

/** Sales as bars (left axis) and orders as a line (right axis). */
function SalesChart({ rows }: { rows: readonly ChartRow[] }) {
  return (
    <ComposedChart data={[...rows]} responsive style={CHART_STYLE} margin={MARGIN} accessibilityLayer={false}>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="label" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
      <YAxis yAxisId="sales" tick={TICK} tickLine={false} axisLine={false} tickFormatter={compactRand} width={56} />
      <YAxis
        yAxisId="orders"
        orientation="right"
        tick={TICK}
        tickLine={false}
        axisLine={false}
        allowDecimals={false}
        width={36}
      />
      <Tooltip
        cursor={{ fill: 'var(--color-neutral-100)' }}
        content={(props) => (
          <RowTooltip {...props}>
            {(row) => (
              <>
                <TooltipLine colour={BRAND} label="Sales" value={formatMoney(row.salesCents)} />
                <TooltipLine colour={ORDERS} label="Orders" value={formatCount(row.orders)} />
              </>
            )}
          </RowTooltip>
        )}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar yAxisId="sales" dataKey="salesCents" name="Sales" fill={BRAND} radius={[3, 3, 0, 0]} maxBarSize={32} />
      <Line
        yAxisId="orders"
        dataKey="orders"
        name="Orders"
        type="linear"
        stroke={ORDERS}
        strokeWidth={2}
        dot={false}
      />
    </ComposedChart>
  );
}

/** Product views as an area (left axis) and orders as a line (right axis). */
function ViewsChart({ rows }: { rows: readonly ChartRow[] }) {
  return (
    <ComposedChart data={[...rows]} responsive style={CHART_STYLE} margin={MARGIN} accessibilityLayer={false}>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="label" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
      <YAxis yAxisId="views" tick={TICK} tickLine={false} axisLine={false} allowDecimals={false} width={48} />
      <YAxis
        yAxisId="orders"
        orientation="right"
        tick={TICK}
        tickLine={false}
        axisLine={false}
        allowDecimals={false}
        width={36}
      />
      <Tooltip
        content={(props) => (
          <RowTooltip {...props}>
            {(row) => (
              <>
                <TooltipLine colour={VIEWS} label="Views" value={formatCount(row.views)} />
                <TooltipLine colour={ORDERS} label="Orders" value={formatCount(row.orders)} />
                <TooltipLine label="Conversion" value={formatPercent(row.conversion)} />
              </>
            )}
          </RowTooltip>
        )}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Area
        yAxisId="views"
        dataKey="views"
        name="Views"
        type="linear"
        stroke={VIEWS}
        fill={VIEWS}
        fillOpacity={0.15}
        strokeWidth={2}
      />
      <Line
        yAxisId="orders"
        dataKey="orders"
        name="Orders"
        type="linear"
        stroke={ORDERS}
        strokeWidth={2}
        dot={false}
      />
    </ComposedChart>
  );
}

/** The hovered bucket: its full label, then the lines `children` gives for its row. */
function RowTooltip({
  active,
  payload,
  children,
}: TooltipContentProps & { children: (row: ChartRow) => ReactNode }) {
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="mb-1 font-semibold text-neutral-900">{row.fullLabel}</p>
      <dl className="flex flex-col gap-0.5">{children(row)}</dl>
    </div>
  );
}

function TooltipLine({ colour, label, value }: { colour?: string; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="flex items-center gap-1.5 text-neutral-600">
        {colour ? <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: colour }} /> : null}
        {label}
      </dt>
      <dd className="ml-auto pl-3 font-medium text-neutral-900 tabular-nums">{value}</dd>
    </div>
  );
}
