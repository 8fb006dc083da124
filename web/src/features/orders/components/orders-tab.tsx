'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { format, parseISO } from 'date-fns';
import { ArrowLeft, ChevronRight, Download, ExternalLink, Package } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import type { Order, OrderPart } from '@/features/checkout/api/checkout-types';
import { deliveryRange } from '@/features/checkout/components/order-summary';
import { AskSellerButton } from '@/features/chat/components/ask-seller-button';
import { PartCharges } from '@/features/checkout/components/part-charges';
import { ORDERS_PER_PAGE, useCancelOrder, useOrder, useOrders } from '@/features/orders/api/orders';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import { apiUrl } from '@/lib/api-url';
import { useSession } from '@/lib/auth/use-session';
import { formatMoney } from '@/lib/money';

export function orderHref(orderId: string): string {
  return `/profile/?tab=orders&order=${encodeURIComponent(orderId)}`;
}

function orderDate(iso: string): string {
  return format(parseISO(iso), 'MMM dd, yyyy');
}

/** /profile/?tab=orders: the customer's orders, newest first; `&order={id}` opens one. */
export function OrdersTab() {
  const { user } = useSession();
  const searchParams = useSearchParams();
  if (!user) return null;
  const orderId = searchParams?.get('order');
  return orderId ? <OrderDetail userId={user.id} orderId={orderId} /> : <OrderListView userId={user.id} />;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-16 w-full rounded-lg" />
      ))}
    </div>
  );
}

function OrderListView({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isFetching } = useOrders(userId, page);

  if (isPending) return <ListSkeleton />;
  if (isError) {
    return (
      <MessagePanel title="Your orders could not be loaded">
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  if (data.orders.length === 0) {
    return (
      <MessagePanel title="No orders yet">
        <Package aria-hidden="true" className="size-10 text-neutral-400" />
        <Link href="/products/" className="font-medium text-brand-700 underline underline-offset-4">
          Start shopping
        </Link>
      </MessagePanel>
    );
  }
  const pages = Math.max(1, Math.ceil(data.meta.total / ORDERS_PER_PAGE));
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" aria-label="Your orders">
        {data.orders.map((order) => (
          <li key={order.id}>
            <Link
              href={orderHref(order.id)}
              className="flex items-center gap-3 px-4 py-3 hover:bg-neutral-50"
              data-testid="order-row"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-medium text-neutral-900">{order.order_number}</span>
                <span className="text-sm text-neutral-600">
                  {orderDate(order.created_at)} · {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                </span>
              </div>
              <OrderStatusBadge status={order.status} />
              <span className="w-24 text-right font-semibold tabular-nums">{formatMoney(order.total_cents)}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
            </Link>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center justify-between text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A digital product's file: the order's signed link (fresh on each read of the order, working for
 * 24 hours), opened as a plain link so the browser saves the attachment.
 */
function DownloadLink({ url, productName }: { url: string; productName: string }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <a
        href={apiUrl(url)}
        download
        aria-label={`Download ${productName}`}
        className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
      >
        <Download aria-hidden="true" className="size-4" />
        Download
      </a>
      <span className="text-xs text-neutral-600">Link works for 24 hours</span>
    </span>
  );
}

/**
 * Each part's own status is shown once it tells the customer something the order's does not: the
 * order comes from several stores (each ships on its own), or a part has left the store.
 */
function showPartStatus(order: Order): boolean {
  return (
    order.parts.length > 1 ||
    order.parts.some((part) => part.shipped_at !== null || part.status === 'shipped' || part.status === 'delivered')
  );
}

/** A part's parcel (courier, tracking number and the link to follow it) and, when cancelled, why. */
function PartProgress({ part, orderCancelReason }: { part: OrderPart; orderCancelReason: string | null }) {
  const cancelled = part.status === 'cancelled';
  // The order's own reason is shown above it when the whole order was cancelled.
  const reason = cancelled && part.cancel_reason && part.cancel_reason !== orderCancelReason ? part.cancel_reason : null;
  const tracking = !cancelled && (part.courier_name || part.tracking_number);
  if (!tracking && !reason && !(cancelled && part.refund_due_cents > 0)) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-neutral-700" data-testid="part-progress">
      {tracking ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span data-testid="part-tracking">
            {part.delivered_at ? 'Delivered' : 'Shipped'}
            {part.courier_name ? ` with ${part.courier_name}` : ''}
            {part.tracking_number ? ` · tracking number ${part.tracking_number}` : ''}
          </span>
          {part.tracking_url ? (
            <a
              href={part.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              Track parcel
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </p>
      ) : null}
      {reason ? <p>Cancelled: {reason}</p> : null}
      {cancelled && part.refund_due_cents > 0 ? (
        <p>{formatMoney(part.refund_due_cents)} of this order is refunded to you.</p>
      ) : null}
    </div>
  );
}

/**
 * The store's address (slug) of an order part, for "Ask the seller" (POST /conversations names
 * the store by it): none for the house's own goods or a store that is no longer open.
 */
export function partStoreSlug(part: OrderPart): string | null {
  return part.vendor_id && part.vendor_slug ? part.vendor_slug : null;
}

/** "Ask the seller" about this order, for a part from a store. */
function PartAskSeller({ order, part }: { order: Order; part: OrderPart }) {
  const slug = partStoreSlug(part);
  if (!slug) return null;
  return (
    <AskSellerButton
      className="h-8 px-3"
      vendor={{ slug, name: part.vendor_name }}
      order={{ id: order.id, order_number: order.order_number, status: part.status }}
    />
  );
}

function OrderDetail({ userId, orderId }: { userId: string; orderId: string }) {
  const router = useRouter();
  const { data: order, isPending, isError, refetch, isFetching } = useOrder(userId, orderId);
  const cancel = useCancelOrder(userId);
  const [confirming, setConfirming] = useState(false);

  const back = (
    <button
      type="button"
      onClick={() => router.replace('/profile/?tab=orders', { scroll: false })}
      className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All orders
    </button>
  );

  if (isPending) return <ListSkeleton />;
  if (isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <MessagePanel title="This order could not be loaded">
          <Button onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      </div>
    );
  }

  const address = order.shipping_address;
  return (
    <div className="flex flex-col gap-4" data-testid="order-detail">
      {back}
      <section className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Order {order.order_number}</h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-neutral-600">Placed {orderDate(order.created_at)}</p>
        {order.cancel_reason ? <p className="text-sm text-neutral-700">Cancelled: {order.cancel_reason}</p> : null}
        {order.parts.map((part) => (
          <div key={part.id} className="flex flex-col gap-2 border-t border-neutral-200 pt-3" data-testid="order-part">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium">
                {part.vendor_name}
                {part.delivery_from &&
                part.delivery_to &&
                order.status !== 'cancelled' &&
                part.status !== 'cancelled' &&
                part.status !== 'delivered' ? (
                  <span className="font-normal text-neutral-600">
                    {' '}
                    · estimated delivery {deliveryRange(part.delivery_from, part.delivery_to)}
                  </span>
                ) : null}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {showPartStatus(order) ? <OrderStatusBadge status={part.status} /> : null}
                <PartAskSeller order={order} part={part} />
              </div>
            </div>
            <PartProgress part={part} orderCancelReason={order.cancel_reason} />
            <PartCharges
              shippingCents={part.shipping_cents}
              discountCents={part.discount_cents}
              className="text-sm text-neutral-600 tabular-nums"
            />
            <ul className="flex flex-col gap-1 text-sm">
              {part.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3" data-testid="order-line">
                  <span className="flex min-w-0 flex-col gap-1">
                    <span>
                      {item.product_name}
                      {item.variation_name ? <span className="text-neutral-600"> ({item.variation_name})</span> : null}
                      <span className="text-neutral-600"> × {item.quantity}</span>
                    </span>
                    {item.download_url ? <DownloadLink url={item.download_url} productName={item.product_name} /> : null}
                  </span>
                  <span className="tabular-nums">{formatMoney(item.line_total_cents)}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <dl className="flex flex-col gap-1 border-t border-neutral-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatMoney(order.subtotal_cents)}</dd>
          </div>
          {order.discount_cents > 0 ? (
            <div className="flex justify-between">
              <dt>Discount{order.coupon_code ? ` (${order.coupon_code})` : ''}</dt>
              <dd className="tabular-nums">-{formatMoney(order.discount_cents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd className="tabular-nums">{order.shipping_cents === 0 ? 'Free' : formatMoney(order.shipping_cents)}</dd>
          </div>
          {order.points_discount_cents > 0 ? (
            <div className="flex justify-between">
              <dt>Points ({order.points_spent})</dt>
              <dd className="tabular-nums">-{formatMoney(order.points_discount_cents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="order-total">
              {formatMoney(order.total_cents)}
            </dd>
          </div>
          <p className="text-xs text-neutral-600">VAT included: {formatMoney(order.vat_cents)}</p>
        </dl>
        {address ? (
          <div className="border-t border-neutral-200 pt-3 text-sm text-neutral-700">
            <p className="font-medium text-neutral-900">Shipping to</p>
            <p>
              {address.recipient}, {address.line1}
              {address.line2 ? `, ${address.line2}` : ''}
              {address.suburb ? `, ${address.suburb}` : ''}, {address.city}, {address.province}, {address.postal_code}
            </p>
          </div>
        ) : null}
        {order.can_cancel ? (
          <div className="flex flex-wrap items-center gap-3 border-t border-neutral-200 pt-4">
            {confirming ? (
              <>
                <p className="text-sm font-medium" role="alert">
                  Cancel this order? Points you spent on it come back to you.
                </p>
                <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(order.id, { onSettled: () => setConfirming(false) })}>
                  Yes, cancel order
                </Button>
                <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
                  Keep order
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Cancel order
              </Button>
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}
