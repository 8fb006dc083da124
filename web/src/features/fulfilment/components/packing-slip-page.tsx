'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ArrowLeft, Printer } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { useStoreProfile } from '@/features/vendor/api/store-profile';
import type { VendorOrder } from '@/features/fulfilment/api/fulfilment-types';
import { useVendorOrder } from '@/features/fulfilment/api/vendor-orders';
import { orderListHref, partIdFrom, VENDOR_ORDERS_PATH } from '@/features/fulfilment/lib/order-list';
import { addressLines, itemCount, lineOptions } from '@/features/fulfilment/lib/order-moves';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * On paper, only the slip: the area's header and side navigation, the floating buttons and the
 * toasts are left out (the area frame is shared, so the rule lives with the one page that prints).
 */
const PRINT_CSS = `@media print {
  [data-area-shell] > header, [data-area-shell] aside, [data-floating-control], [data-sonner-toaster] { display: none !important; }
  [data-area-shell], [data-area-shell] > div, [data-area-shell] > div > div { padding: 0 !important; background: #fff !important; }
  html, body { background: #fff !important; color: #000 !important; }
}`;

/**
 * /vendor/orders/slip/?id=<part id>: the packing slip of the vendor's part of an order, to print
 * and put in the parcel: the store, the order number and date, where it goes, and what is in it
 * with quantities (no prices).
 */
export function PackingSlipPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading the packing slip" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the packing slip" />;
  const id = partIdFrom(search?.get('id'));
  return id ? <SlipLoader id={id} /> : <SlipNotFound />;
}

function SlipLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorOrder(id);
  if (isPending) return <PageSkeleton label="Loading the packing slip" />;
  if (isError) {
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <SlipNotFound />;
    return (
      <>
        <PageHeader title="Packing slip" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <PackingSlip order={data} />;
}

function SlipNotFound() {
  return (
    <>
      <PageHeader title="Packing slip" />
      <EmptyState title="This order is not in your store">
        <p className="text-sm text-neutral-600">It may have been another store&apos;s, or the link is incomplete.</p>
        <Link href={VENDOR_ORDERS_PATH} className={LINK}>
          See your orders
        </Link>
      </EmptyState>
    </>
  );
}

export function PackingSlip({ order }: { order: VendorOrder }) {
  // The store's name heads the slip; the slip prints without it if it cannot be read.
  const store = useStoreProfile();
  const address = order.shipping_address;
  const count = itemCount(order.items);

  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          href={orderListHref({ status: 'to_ship', page: 1, id: order.id })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the order
        </Link>
        <Button className="h-10" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      <article
        aria-labelledby="packing-slip-title"
        className="mx-auto flex max-w-3xl flex-col gap-6 rounded-xl border border-neutral-200 bg-white p-6 text-neutral-900 sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0"
        data-testid="packing-slip"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-neutral-300 pb-4">
          <div>
            {store.data ? (
              <p className="text-lg font-semibold" data-testid="slip-store">
                {store.data.store_name}
              </p>
            ) : null}
            <h1 id="packing-slip-title" className="text-2xl font-bold tracking-tight">
              Packing slip
            </h1>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-neutral-600">Order</dt>
            <dd className="font-semibold" data-testid="slip-order-number">
              {order.order_number}
            </dd>
            <dt className="text-neutral-600">Date</dt>
            <dd data-testid="slip-date">{formatDate(order.paid_at ?? order.ordered_at)}</dd>
          </dl>
        </header>

        <section aria-labelledby="slip-ship-to">
          <h2 id="slip-ship-to" className="mb-1 text-sm font-semibold tracking-wide text-neutral-600 uppercase">
            Ship to
          </h2>
          {address ? (
            <address className="text-base not-italic" data-testid="slip-address">
              {addressLines(address).map((line, index) => (
                <span key={index} className={index === 0 ? 'block font-semibold' : 'block'}>
                  {line}
                </span>
              ))}
              <span className="block">{address.phone}</span>
            </address>
          ) : (
            <p className="text-sm">No delivery address.</p>
          )}
        </section>

        <section aria-labelledby="slip-items">
          <h2 id="slip-items" className="mb-2 text-sm font-semibold tracking-wide text-neutral-600 uppercase">
            Items
          </h2>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-neutral-300 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Item
                </th>
                <th scope="col" className="w-20 py-2 text-right">
                  Quantity
                </th>
                <th scope="col" className="w-16 py-2 text-center">
                  Packed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {order.items.map((line, index) => {
                const options = lineOptions(line);
                return (
                  <tr key={`${line.product_id ?? line.product_name}-${index}`} data-testid="slip-item">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{line.product_name}</span>
                      {options ? <span className="block text-xs text-neutral-600">{options}</span> : null}
                      {line.product_type !== 'physical' ? (
                        <span className="block text-xs text-neutral-600">Not shipped: {line.product_type}</span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right text-base font-semibold tabular-nums" data-testid="slip-quantity">
                      {line.quantity}
                    </td>
                    <td className="py-2 text-center">
                      <span aria-hidden="true" className="inline-block size-4 border border-neutral-500" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot className="border-t border-neutral-300">
              <tr>
                <th scope="row" className="py-2 pr-3 text-left font-semibold">
                  Total items
                </th>
                <td className="py-2 text-right text-base font-semibold tabular-nums" data-testid="slip-total-quantity">
                  {count}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </section>

        <p className="border-t border-neutral-300 pt-4 text-xs text-neutral-600">
          Thank you for your order{store.data ? ` from ${store.data.store_name}` : ''}. Please quote {order.order_number} if you
          contact us about it.
        </p>
      </article>
    </>
  );
}
