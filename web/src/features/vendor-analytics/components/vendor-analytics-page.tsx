'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import * as Tabs from '@radix-ui/react-tabs';
import { Clock } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMounted } from '@/lib/use-mounted';
import type { AnalyticsPeriod } from '@/features/vendor-analytics/api/analytics-types';
import { useVendorAnalytics } from '@/features/vendor-analytics/api/vendor-analytics';
import { ChartSkeleton, SalesPanel, ViewsPanel } from '@/features/vendor-analytics/components/chart-panels';
import { SummaryCards } from '@/features/vendor-analytics/components/summary-cards';
import { TopProducts } from '@/features/vendor-analytics/components/top-products';
import { chartRows, updatedNote } from '@/features/vendor-analytics/lib/analytics-figures';
import { analyticsHref, isPeriod, PERIODS, periodFrom } from '@/features/vendor-analytics/lib/analytics-params';
import { useNow } from '@/features/vendor-analytics/lib/use-now';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const MINUTE_MS = 60 * 1000;

/**
 * /vendor/analytics/?period=week|month: the store's figures over the last 30 days (by day), 12
 * weeks or 12 months: the totals, sales and orders over time, views against orders, and the top
 * products. The server brings the figures up to date every ten minutes; the page says when it
 * last did.
 */
export function VendorAnalyticsPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your analytics" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your analytics" />;
  return <Analytics period={periodFrom(search)} />;
}

function Analytics({ period }: { period: AnalyticsPeriod }) {
  const router = useRouter();
  return (
    <>
      <PageHeader title="Analytics" description="How your store is doing: sales, orders and views of your products." />
      <Tabs.Root
        value={period}
        onValueChange={(value) => {
          if (isPeriod(value)) router.replace(analyticsHref(value), { scroll: false });
        }}
        // Each period is a request: the arrow keys move between the tabs, Enter or Space opens one.
        activationMode="manual"
        className="flex flex-col gap-6"
      >
        <Tabs.List aria-label="Period" className="flex gap-1 border-b border-neutral-200">
          {PERIODS.map((look) => (
            <Tabs.Trigger
              key={look.value}
              value={look.value}
              className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
            >
              {look.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Only the open period's panel is mounted, so only its figures are fetched. */}
        {PERIODS.map((look) => (
          <Tabs.Content key={look.value} value={look.value} className="rounded-md">
            <PeriodFigures period={look.value} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

function PeriodFigures({ period }: { period: AnalyticsPeriod }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorAnalytics(period);
  if (isPending) return <FiguresSkeleton />;
  if (isError) {
    return error instanceof ApiError && error.isNotFound ? (
      <EmptyState title="No store yet">
        <p className="text-neutral-600">Your figures show here once your store is open.</p>
        <Link href="/vendor/applications/" className={LINK}>
          See your applications
        </Link>
      </EmptyState>
    ) : (
      <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  }
  const rows = chartRows(data.buckets, period);
  return (
    <div className="flex flex-col gap-6">
      <UpdatedNote updatedAt={data.updated_at} />
      <SummaryCards analytics={data} period={period} />
      <div className="grid gap-6 xl:grid-cols-2">
        <SalesPanel rows={rows} period={period} />
        <ViewsPanel rows={rows} period={period} />
      </div>
      <TopProducts products={data.top_products} period={period} />
    </div>
  );
}

function UpdatedNote({ updatedAt }: { updatedAt: string | null }) {
  const now = useNow(MINUTE_MS);
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-600" data-testid="updated-note">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {updatedNote(updatedAt, now)}
    </p>
  );
}

function FiguresSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your figures
      </span>
      <Skeleton className="h-5 w-80 max-w-full" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full" />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartSkeleton />
        <ChartSkeleton />
      </div>
    </div>
  );
}
