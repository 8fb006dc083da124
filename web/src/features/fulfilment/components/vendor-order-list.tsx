'use client';

import Link from 'next/link';
import { EmptyState, ErrorState, ListSkeleton, PageHeader } from '@/components/area/area-states';
import { StatusTabs } from '@/components/area/list-controls';
import { ScrollTable } from '@/components/area/scroll-table';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import { formatDate } from '@/lib/selling/statuses';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import type { VendorOrderRow } from '@/features/fulfilment/api/fulfilment-types';
import { useVendorOrders, VENDOR_ORDERS_PER_PAGE } from '@/features/fulfilment/api/vendor-orders';
import {
  emptyTitle,
  ORDER_FILTERS,
  orderListHref,
  type OrderListParams,
} from '@/features/fulfilment/lib/order-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The list of the vendor's parts of orders, for the status in the URL, a page at a time. */
export function OrderList({ params }: { params: OrderListParams }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorOrders({
    status: params.status,
    page: params.page,
  });

  return (
    <>
      <PageHeader title="Orders" description="Your part of each paid order: pack it, ship it and mark it delivered." />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Order status"
          options={ORDER_FILTERS}
          current={params.status}
          hrefFor={(status) => orderListHref({ status: status as OrderListParams['status'], page: 1, id: null })}
        />
        {isPending ? (
          <ListSkeleton label="Loading your orders" />
        ) : isError ? (
          error instanceof ApiError && error.isNotFound ? (
            <EmptyState title="No store yet">
              <p className="text-neutral-600">Orders come to your store, and you have none yet.</p>
              <Link href="/vendor/applications/" className={LINK}>
                See your applications
              </Link>
            </EmptyState>
          ) : (
            <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
          )
        ) : data.items.length === 0 ? (
          <EmptyState title={emptyTitle(params.status)}>
            <p className="text-neutral-600">
              {params.status === 'to_ship'
                ? 'Paid orders waiting for you to pack and ship show here, oldest first.'
                : 'Orders show here once they get this far.'}
            </p>
            {params.status !== 'all' ? (
              <Link href={orderListHref({ status: 'all', page: 1, id: null })} scroll={false} className={LINK}>
                Show all orders
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite">
              {data.meta.total === 1 ? '1 order' : `${data.meta.total} orders`}
              {params.status === 'to_ship' ? ', oldest first.' : '.'}
            </p>
            <OrderTable rows={data.items} params={params} updating={isFetching} />
            <Pagination
              page={params.page}
              pageCount={pageCount(data.meta.total, VENDOR_ORDERS_PER_PAGE)}
              hrefFor={(page) => orderListHref({ ...params, page })}
              label="Order pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function OrderTable({ rows, params, updating }: { rows: VendorOrderRow[]; params: OrderListParams; updating: boolean }) {
  return (
    <ScrollTable label="Your orders" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Your orders</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Order
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-3 sm:table-cell">
              Shipment
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => {
            return (
              <tr key={row.id} className="hover:bg-neutral-50" data-testid="vendor-order-row">
                <td className="px-3 py-3">
                  <Link
                    href={orderListHref({ ...params, id: row.id })}
                    className="font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                  >
                    {row.order_number}
                  </Link>
                  <p className="text-xs text-neutral-600">
                    {formatDate(row.paid_at ?? row.ordered_at)} · {row.item_count === 1 ? '1 item' : `${row.item_count} items`}
                  </p>
                </td>
                <td className="px-3 py-3">
                  <OrderStatusBadge status={row.status} />
                </td>
                <td className="hidden px-3 py-3 text-neutral-700 sm:table-cell" data-testid="row-shipment">
                  {row.courier_name ? (
                    <>
                      {row.courier_name}
                      {row.tracking_number ? <span className="block text-xs text-neutral-600">{row.tracking_number}</span> : null}
                    </>
                  ) : (
                    <span className="text-neutral-500">—</span>
                  )}
                </td>
                <td className="px-3 py-3 text-right font-medium tabular-nums" data-testid="row-total">
                  {formatMoney(row.total_cents, { code: row.currency })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
