'use client';

import Link from 'next/link';
import { ChevronRight, CircleCheck, ListTodo } from 'lucide-react';
import { ErrorState, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { formatMoney } from '@/lib/money';
import { useStoreCurrency } from '@/lib/public-settings';
import { formatCommission } from '@/lib/selling/commission';
import { vendorStatus } from '@/lib/selling/statuses';
import type { TodoItem, VendorOverview } from '@/lib/selling/types';
import { storePath } from '@/lib/paths';
import { useVendorOverview } from '@/features/vendor/api/overview';
import { MoneyCard } from '@/features/money/components/money-card';

/** /vendor: the vendor's store at a glance: its status, what to do next, and its figures. */
export function DashboardPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorOverview();
  if (isPending) return <PageSkeleton label="Loading your dashboard" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <Dashboard overview={data} />;
}

/** Shown on the to-do list while the store has no logo: its page still shows only an initial. */
export const CUSTOMISE_TODO: TodoItem = {
  kind: 'customise_store',
  title: 'Customise your store: add a logo, a banner and your colour',
  href: '/vendor/store/customize/',
};

/** Where a to-do leads when the page has a better place than the API's `href`: the drafts themselves, the low levels. */
const TODO_HREFS: Readonly<Record<string, string>> = {
  draft_products: '/vendor/products/?status=draft',
  low_stock: '/vendor/inventory/?low=true',
};

function Dashboard({ overview }: { overview: VendorOverview }) {
  const { store, figures } = overview;
  const todo = store.store_logo_url ? overview.todo : [...overview.todo, CUSTOMISE_TODO];
  const currency = useStoreCurrency();
  const status = vendorStatus(store.status);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          <>
            {store.store_name} ·{' '}
            <Link href={storePath(store.store_slug)} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
              /store/{store.store_slug}
            </Link>
          </>
        }
        actions={<StatusBadge label={status.label} tone={status.tone} />}
      />
      <div className="flex flex-col gap-6">
        {store.status === 'suspended' ? (
          <div
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 px-5 py-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <p className="font-semibold">Your store is suspended: its products are not shown to shoppers.</p>
            {store.suspended_reason ? <p className="mt-1">Reason: {store.suspended_reason}</p> : null}
          </div>
        ) : null}
        <Panel title="To do">
          {todo.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-neutral-700" data-testid="todo-done">
              <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
              Nothing to do right now.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-200" aria-label="To do" data-testid="todo-list">
              {todo.map((item) => (
                <li key={item.kind}>
                  <Link
                    href={TODO_HREFS[item.kind] ?? item.href}
                    className="flex items-center gap-3 rounded-md px-2 py-3 text-sm font-medium text-neutral-900 hover:bg-neutral-50"
                    data-todo={item.kind}
                  >
                    <ListTodo aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
                    <span className="flex-1">{item.title}</span>
                    <ChevronRight aria-hidden="true" className="size-4 text-neutral-500" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="mb-3 text-lg font-semibold text-neutral-900">
            Your store in figures
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label="Products" value={String(figures.products_total)} />
            <Figure label="Active" value={String(figures.products_active)} />
            <Figure label="Drafts" value={String(figures.products_draft)} />
            <Figure label="Orders" value={String(figures.orders)} />
            <Figure label="Revenue" value={formatMoney(figures.revenue_cents, currency)} />
          </dl>
        </section>
        <MoneyCard />
        <Panel title="Terms">
          <p className="text-sm text-neutral-700">
            Commission: <span className="font-semibold text-neutral-900">{formatCommission(store.commission_rate_bps)}</span>{' '}
            of each sale. Agreement version {store.agreement.current_version}
            {store.agreement.accepted_version !== null
              ? `, you accepted version ${store.agreement.accepted_version}.`
              : ', not accepted yet.'}{' '}
            <Link href="/vendor/contracts/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
              Contracts
            </Link>
          </p>
        </Panel>
      </div>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white px-4 py-3">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-neutral-900 tabular-nums">{value}</dd>
    </div>
  );
}
