'use client';

import { Suspense, useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ArrowLeft, Search } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/money';
import { pageCount, pageFromParam } from '@/lib/page-param';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { OrderStatusBadge, orderStatusLabel } from '@/features/orders/components/order-status';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import { totalText } from '@/features/admin/api/audit';
import { ORDER_STATUSES, useAdminOrders, type AdminOrderRow, type OrderFilters } from '@/features/admin/api/orders';
import { OrderDetail } from '@/features/admin/components/order-detail';

export const ORDERS_PATH = '/admin/orders/';

/** The list's filters, its page, and the order open in its place (`?id=`; a static export has no page per id). */
export interface OrderListParams extends OrderFilters {
  id: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A YYYY-MM-DD day from the URL, or '' (the API would refuse anything else). */
export function dayFrom(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return DAY.test(text) ? text : '';
}

/** /admin/orders/?q=…&status=…&from=…&to=…&refund_due=true&page=N&id=… read back. */
export function orderParamsFrom(params: { get(name: string): string | null } | null): OrderListParams {
  const status = params?.get('status') ?? '';
  return {
    q: (params?.get('q') ?? '').trim(),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? status : '',
    from: dayFrom(params?.get('from')),
    to: dayFrom(params?.get('to')),
    refundDue: params?.get('refund_due') === 'true',
    page: pageFromParam(params?.get('page')),
    id: params?.get('id')?.trim() || null,
  };
}

/** The list's address (empty filters and page 1 left out). */
export function ordersHref(params: OrderListParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.status) query.set('status', params.status);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.refundDue) query.set('refund_due', 'true');
  if (params.page > 1) query.set('page', String(params.page));
  if (params.id) query.set('id', params.id);
  const text = query.toString();
  return text ? `${ORDERS_PATH}?${text}` : ORDERS_PATH;
}

/** One order's page. */
export function orderHref(id: string): string {
  return `${ORDERS_PATH}?id=${encodeURIComponent(id)}`;
}

/**
 * /admin/orders/: every order, searched by number or buyer and filtered by status, days and money
 * owed back; `?id=<order id>` opens one in place of the list, keeping the filters for the way back.
 */
export function AdminOrdersPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading orders" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading orders" />;
  const params = orderParamsFrom(searchParams);
  return params.id ? <DetailView params={params} /> : <ListView params={params} />;
}

function DetailView({ params }: { params: OrderListParams }) {
  const id = params.id ?? '';
  return (
    <>
      <p className="mb-4">
        <Link
          href={ordersHref({ ...params, id: null })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All orders
        </Link>
      </p>
      <OrderDetail key={id} id={UUID.test(id) ? id.toLowerCase() : ''} />
    </>
  );
}

function hasFilters(params: OrderListParams): boolean {
  return Boolean(params.q || params.status || params.from || params.to || params.refundDue);
}

function ListView({ params }: { params: OrderListParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminOrders({
    q: params.q,
    status: params.status,
    from: params.from,
    to: params.to,
    refundDue: params.refundDue,
    page: params.page,
  });

  return (
    <>
      <PageHeader title="Orders" description="Every order on the site: find one, move it on, refund it." />
      <div className="flex flex-col gap-4">
        <OrderFiltersForm
          key={ordersHref({ ...params, page: 1 })}
          params={params}
          onApply={(next) => router.replace(ordersHref({ ...next, page: 1, id: null }), { scroll: false })}
        />
        {isPending ? (
          <ListSkeleton label="Loading orders" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.orders.length === 0 ? (
          <EmptyState title="No orders here">
            <p className="text-neutral-600">
              {params.q ? `Nothing matches “${params.q}”.` : hasFilters(params) ? 'No order matches these filters.' : 'No orders yet.'}
            </p>
            {hasFilters(params) ? (
              <Link href={ORDERS_PATH} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Clear the filters
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="orders-count">
              {totalText(data.total, 'order', 'orders')}
            </p>
            <OrdersTable rows={data.orders} params={params} updating={isFetching} />
            <Pagination
              page={params.page}
              pageCount={pageCount(data.total.count, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => ordersHref({ ...params, page })}
              label="Order pages"
            />
          </>
        )}
      </div>
    </>
  );
}

/** The filters as typed; applied (into the URL) together. */
function OrderFiltersForm({ params, onApply }: { params: OrderListParams; onApply: (next: OrderListParams) => void }) {
  const id = useId();
  const [q, setQ] = useState(params.q);
  const [status, setStatus] = useState(params.status);
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  const [refundDue, setRefundDue] = useState(params.refundDue);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...params, q: q.trim(), status, from, to, refundDue });
  }

  return (
    <form
      role="search"
      aria-label="Filter orders"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="order-filters"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-neutral-800">
            Search orders
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Order number or buyer email"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-neutral-800">
            Status
          </label>
          <Select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Every status</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabel(value)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-from`} className="text-sm font-medium text-neutral-800">
            Placed from
          </label>
          <Input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-to`} className="text-sm font-medium text-neutral-800">
            Placed to
          </label>
          <Input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={refundDue}
            onChange={(event) => setRefundDue(event.target.checked)}
          />
          Refund due only
        </label>
        <div className="flex flex-wrap items-center gap-3">
          {hasFilters(params) ? (
            <Link href={ORDERS_PATH} scroll={false} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              Clear filters
            </Link>
          ) : null}
          <Button type="submit" variant="secondary" className="h-11">
            <Search aria-hidden="true" className="size-4" />
            Apply filters
          </Button>
        </div>
      </div>
    </form>
  );
}

function OrdersTable({ rows, params, updating }: { rows: AdminOrderRow[]; params: OrderListParams; updating: boolean }) {
  const router = useRouter();
  return (
    <ScrollTable label="Orders" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Orders</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Order
            </th>
            <th scope="col" className="px-3 py-3">
              Placed
            </th>
            <th scope="col" className="px-3 py-3">
              Buyer
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Refund due
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => {
            const href = ordersHref({ ...params, id: row.id });
            return (
              <tr
                key={row.id}
                className="cursor-pointer hover:bg-neutral-50"
                data-testid="order-row"
                data-order-number={row.order_number}
                // The number is the link (keyboard, new tab); the rest of the row is a larger target for the mouse.
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) router.push(href);
                }}
              >
                <td className="px-3 py-3 whitespace-nowrap">
                  <Link
                    href={href}
                    className="font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                    data-testid="order-link"
                  >
                    {row.order_number}
                  </Link>
                  {row.part_count > 1 ? <span className="block text-xs text-neutral-600">{row.part_count} stores</span> : null}
                </td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <time dateTime={row.created_at}>{formatDate(row.created_at)}</time>
                </td>
                <td className="max-w-56 truncate px-3 py-3 text-neutral-700" title={row.email}>
                  {row.email}
                </td>
                <td className="px-3 py-3">
                  <OrderStatusBadge status={row.status} />
                </td>
                <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums" data-testid="order-total">
                  {formatMoney(row.total_cents)}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums" data-testid="order-refund-due">
                  {row.refund_due_cents > 0 ? (
                    <span className="font-medium text-sale">{formatMoney(row.refund_due_cents)}</span>
                  ) : (
                    <span className="text-neutral-500">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
