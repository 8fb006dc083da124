'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { ChevronRight } from 'lucide-react';
import { ErrorState, PageHeader, Panel } from '@/components/area/area-states';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import { useAdminDashboard, type AdminDashboard } from '@/features/admin/api/dashboard';
import { formatCount, inOrderFlow, plural, salesRows } from '@/features/admin/components/dashboard-figures';
import { SalesPanel } from '@/features/admin/components/dashboard-sales-panel';

/**
 * /admin: the platform at a glance (sales today and this month, new customers and stores), what
 * waits for an admin (each linking to its page), the orders by status and the sales per day.
 */
export function AdminDashboardPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminDashboard();
  return (
    <>
      <PageHeader title="Admin Panel" description="The platform at a glance, and what needs your attention." />
      {isPending ? (
        <DashboardSkeleton />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <Dashboard dashboard={data} />
      )}
    </>
  );
}

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" data-testid="dashboard-skeleton">
      <span className="sr-only" role="status">
        Loading the dashboard
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

function Dashboard({ dashboard }: { dashboard: AdminDashboard }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="mb-3 text-lg font-semibold text-neutral-900">
          At a glance
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure
            id="today-sales"
            label="Today's sales"
            value={formatMoney(dashboard.today.sales_cents)}
            detail={`${plural(dashboard.today.orders, 'order')} paid`}
          />
          <Figure
            id="month-sales"
            label="This month's sales"
            value={formatMoney(dashboard.this_month.sales_cents)}
            detail={`${plural(dashboard.this_month.orders, 'order')} paid`}
          />
          <Figure
            id="new-customers"
            label="New customers"
            value={formatCount(dashboard.new_customers_this_month)}
            detail="This month"
          />
          <Figure
            id="new-stores"
            label="New stores"
            value={formatCount(dashboard.new_stores_this_month)}
            detail="This month"
          />
        </dl>
      </section>
      <NeedsAttention dashboard={dashboard} />
      <OrdersByStatus counts={dashboard.orders_by_status} />
      <SalesPanel rows={salesRows(dashboard.days, new Date())} />
    </div>
  );
}

function Figure({ id, label, value, detail }: { id: string; label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white px-4 py-3" data-testid={`figure-${id}`}>
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd
        className="mt-1 text-xl font-semibold break-words text-neutral-900 tabular-nums sm:text-2xl"
        data-testid="figure-value"
      >
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-neutral-600" data-testid="figure-detail">
        {detail}
      </dd>
    </div>
  );
}

function NeedsAttention({ dashboard }: { dashboard: AdminDashboard }) {
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="mb-3 text-lg font-semibold text-neutral-900">
        Needs attention
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <AttentionCard
          id="applications"
          label="Applications waiting"
          count={dashboard.pending_applications}
          href="/admin/applications/?status=submitted"
        />
        <AttentionCard
          id="products"
          label="Products to review"
          count={dashboard.products_to_review}
          href="/admin/products/?status=pending_review"
        />
        <AttentionCard id="deals" label="Deals to review" count={dashboard.deals_to_review} />
        <AttentionCard
          id="refunds"
          label="Refunds due"
          count={dashboard.refunds_due}
          href="/admin/orders/?refund_due=true"
          detail={dashboard.refunds_due > 0 ? `${formatMoney(dashboard.refunds_due_cents)} owed back` : null}
        />
        <FailedJobs dashboard={dashboard} />
      </ul>
    </section>
  );
}

const CARD = 'flex h-full items-center gap-3 rounded-xl border bg-white px-4 py-4';

function cardBorder(count: number) {
  return count > 0 ? 'border-amber-300 dark:border-amber-700' : 'border-neutral-200';
}

/** A count of what waits, linking to the page where it is dealt with (when there is one). */
function AttentionCard({
  id,
  label,
  count,
  href,
  detail,
}: {
  id: string;
  label: string;
  count: number;
  href?: string;
  detail?: string | null;
}) {
  const body = (
    <span className="min-w-0 flex-1">
      {/* The spaces keep the words apart in the link's accessible name. */}
      <span className="block text-sm text-neutral-600">{label}</span>{' '}
      <span className="mt-1 block text-3xl font-semibold text-neutral-900 tabular-nums" data-testid="attention-count">
        {formatCount(count)}
      </span>
      {detail ? (
        <>
          {' '}
          <span className="mt-0.5 block text-xs text-neutral-600">{detail}</span>
        </>
      ) : null}
    </span>
  );
  return (
    <li data-testid={`attention-${id}`}>
      {href ? (
        <Link href={href} className={cn(CARD, cardBorder(count), 'hover:border-brand-600')} data-testid="count-card">
          {body}
          <ChevronRight aria-hidden="true" className="size-5 text-neutral-500" />
        </Link>
      ) : (
        <div className={cn(CARD, cardBorder(count))} data-testid="count-card">
          {body}
        </div>
      )}
    </li>
  );
}

/** Jobs out of attempts, with the newest few: what they were and why they last failed. */
function FailedJobs({ dashboard }: { dashboard: AdminDashboard }) {
  const count = dashboard.failed_jobs;
  return (
    <li data-testid="attention-failed-jobs" className="sm:col-span-2 lg:col-span-3">
      <div className={cn('rounded-xl border bg-white px-4 py-4', cardBorder(count))} data-testid="count-card">
        <span className="block text-sm text-neutral-600">Failed jobs</span>
        <span className="mt-1 block text-3xl font-semibold text-neutral-900 tabular-nums" data-testid="attention-count">
          {formatCount(count)}
        </span>
        {dashboard.recent_failed_jobs.length > 0 ? (
          <>
            <p className="mt-3 text-xs text-neutral-600">
              {count > dashboard.recent_failed_jobs.length
                ? `The newest ${dashboard.recent_failed_jobs.length} of ${formatCount(count)}. `
                : null}
              On the server, <code className="font-mono">bazaar jobs failed</code> lists them all.
            </p>
            <ul aria-label="Recent failed jobs" className="mt-2 divide-y divide-neutral-200 text-sm" data-testid="failed-jobs">
              {dashboard.recent_failed_jobs.map((job) => (
                <li key={job.id} className="py-2">
                  <span className="font-medium text-neutral-900">{job.kind}</span>
                  <span className="text-neutral-600"> · {plural(job.attempts, 'attempt')}</span>
                  {job.last_result ? (
                    <span className="mt-0.5 block font-mono text-xs break-words text-neutral-700">{job.last_result}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </li>
  );
}

function OrdersByStatus({ counts }: { counts: AdminDashboard['orders_by_status'] }) {
  return (
    <Panel title="Orders by status" description="Every order on the site, by where it is now.">
      {counts.length === 0 ? (
        <p className="text-sm text-neutral-600">No orders yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="orders-by-status">
          {inOrderFlow(counts).map(({ status, count }) => (
            <li key={status}>
              <StatusLink href={`/admin/orders/?status=${encodeURIComponent(status)}`} status={status}>
                {formatCount(count)}
              </StatusLink>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function StatusLink({ href, status, children }: { href: string; status: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="flex items-center justify-between gap-3 rounded-lg border border-neutral-200 px-3 py-2 hover:border-brand-600"
      data-testid="order-status-count"
      data-status={status}
    >
      <OrderStatusBadge status={status} />{' '}
      <span className="flex items-center gap-1 font-semibold text-neutral-900 tabular-nums">
        {children}
        <ChevronRight aria-hidden="true" className="size-4 text-neutral-500" />
      </span>
    </Link>
  );
}
