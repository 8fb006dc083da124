'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatMoney } from '@/lib/money';
import { compactRand, formatCount, type SalesRow } from '@/features/admin/components/dashboard-figures';

/**
 * The dashboard's sales-per-day chart, drawn with recharts. Only the dashboard loads this module,
 * and only through next/dynamic (dashboard-sales-panel.tsx), so no other page carries the library.
 * The chart is a picture of numbers the page also gives as a table and in words (the figure's
 * label), so it is hidden from assistive technology and left out of the tab order.
 */

export interface DashboardSalesChartProps {
  rows: readonly SalesRow[];
}

// The site's palette (globals.css), which dark mode redefines; orders are amber on both.
const BRAND = 'var(--color-brand-600)';
const ORDERS = '#d97706';
const GRID = 'var(--color-neutral-200)';
const TICK = { fill: 'var(--color-neutral-600)', fontSize: 12 };
const MARGIN = { top: 8, right: 4, bottom: 0, left: 4 };
const CHART_STYLE = { width: '100%', height: '100%' };

/** Sales as bars (left axis) and orders as a line (right axis). */
export default function DashboardSalesChart({ rows }: DashboardSalesChartProps) {
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
      <Tooltip cursor={{ fill: 'var(--color-neutral-100)' }} content={(props) => <DayTooltip {...props} />} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar yAxisId="sales" dataKey="salesCents" name="Sales" fill={BRAND} radius={[3, 3, 0, 0]} maxBarSize={24} />
      <Line yAxisId="orders" dataKey="orders" name="Orders" type="linear" stroke={ORDERS} strokeWidth={2} dot={false} />
    </ComposedChart>
  );
}

/** The hovered day: its date, then its sales, orders and refunds. */
function DayTooltip({ active, payload }: TooltipContentProps) {
  const row = payload[0]?.payload as SalesRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="mb-1 font-semibold text-neutral-900">{row.fullLabel}</p>
      <dl className="flex flex-col gap-0.5">
        <TooltipLine colour={BRAND} label="Sales" value={formatMoney(row.salesCents)} />
        <TooltipLine colour={ORDERS} label="Orders" value={formatCount(row.orders)} />
        <TooltipLine label="Refunds" value={formatMoney(row.refundsCents)} />
      </dl>
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
