'use client';

import { useState } from 'react';
import Link from 'next/link';
import { ExternalLink, ImageOff, Loader2, Printer } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusTimeline } from '@/components/area/status-timeline';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { formatDate, formatDateTime } from '@/lib/selling/statuses';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import type { PartMove, VendorOrder, VendorOrderLine } from '@/features/fulfilment/api/fulfilment-types';
import { useMoveVendorOrder, useVendorOrder } from '@/features/fulfilment/api/vendor-orders';
import { CancelPartDialog } from '@/features/fulfilment/components/cancel-part-dialog';
import { ShipForm } from '@/features/fulfilment/components/ship-form';
import { packingSlipHref, VENDOR_ORDERS_PATH } from '@/features/fulfilment/lib/order-list';
import {
  addressLines,
  canMove,
  itemCount,
  lineOptions,
  MOVE_DONE,
  partTimeline,
} from '@/features/fulfilment/lib/order-moves';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const SECONDARY_LINK = buttonClasses('secondary', 'h-10');

/** One of the vendor's parts of an order (/vendor/orders/?id=…): what to pack, where it goes, what to do next. */
export function VendorOrderDetail({ id }: { id: string }) {
  if (id === '') return <OrderNotFound />;
  return <DetailLoader id={id} />;
}

function DetailLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorOrder(id);
  if (data === undefined) {
    if (isPending || !isError) return <PageSkeleton label="Loading the order" />;
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <OrderNotFound />;
    return (
      <>
        <PageHeader title="Order" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <OrderView order={data} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order" />
      <EmptyState title="This order is not in your store">
        <p className="text-sm text-neutral-600">It may have been another store&apos;s, or the link is incomplete.</p>
        <Link href={VENDOR_ORDERS_PATH} className={LINK}>
          See your orders
        </Link>
      </EmptyState>
    </>
  );
}

function OrderView({ order }: { order: VendorOrder }) {
  const move = useMoveVendorOrder(order.id);
  // A move refused because the part moved meanwhile: said until the next move.
  const [conflict, setConflict] = useState<string | null>(null);
  const currency: CurrencyFormat = { code: order.currency };
  const count = itemCount(order.items);

  const simpleMove = (status: Extract<PartMove, 'processing' | 'delivered'>) => {
    setConflict(null);
    move.mutate(
      { status },
      {
        onSuccess: () => toast.success(MOVE_DONE[status]),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(error.message);
          else toast.error('Error', { description: errorMessage(error, 'The order could not be changed. Please try again.') });
        },
      },
    );
  };

  return (
    <div data-testid="vendor-order-detail">
      <PageHeader
        title={`Order ${order.order_number}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>
              Placed {formatDate(order.ordered_at)} · {count === 1 ? '1 item' : `${count} items`}
            </span>
          </span>
        }
        actions={
          order.status !== 'cancelled' ? (
            <Link href={packingSlipHref(order.id)} className={SECONDARY_LINK}>
              <Printer aria-hidden="true" className="size-4" />
              Print packing slip
            </Link>
          ) : null
        }
      />
      <div className="flex flex-col gap-6">
        {conflict ? (
          <div
            role="alert"
            className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
            data-testid="move-conflict"
          >
            <p className="font-semibold">{conflict}</p>
            <p className="mt-1">The order has been read again: what you can do now is below.</p>
          </div>
        ) : null}

        {order.next.length > 0 ? (
          <Panel title="Next step" description={nextStepHint(order)}>
            <div className="flex flex-col gap-5">
              {canMove(order, 'processing') || canMove(order, 'delivered') || canMove(order, 'cancelled') ? (
                <div className="flex flex-wrap gap-2">
                  {canMove(order, 'processing') ? (
                    <Button className="h-10" disabled={move.isPending} onClick={() => simpleMove('processing')}>
                      {move.isPending && move.variables?.status === 'processing' ? (
                        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                      ) : null}
                      Mark as processing
                    </Button>
                  ) : null}
                  {canMove(order, 'delivered') ? (
                    <Button className="h-10" disabled={move.isPending} onClick={() => simpleMove('delivered')}>
                      {move.isPending && move.variables?.status === 'delivered' ? (
                        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                      ) : null}
                      Mark as delivered
                    </Button>
                  ) : null}
                  {canMove(order, 'cancelled') ? (
                    <CancelPartDialog order={order} move={move} onConflict={setConflict} />
                  ) : null}
                </div>
              ) : null}
              {canMove(order, 'shipped') ? (
                <div className="border-t border-neutral-200 pt-5">
                  <h3 className="mb-3 text-base font-semibold text-neutral-900">Ship it</h3>
                  <ShipForm move={move} onConflict={setConflict} />
                </div>
              ) : null}
            </div>
          </Panel>
        ) : null}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex flex-col gap-6">
            <Panel title="Items">
              <ItemsTable lines={order.items} currency={currency} />
              <dl className="mt-4 flex flex-col gap-1 border-t border-neutral-200 pt-3 text-sm">
                <Amount label="Items" value={formatMoney(order.subtotal_cents, currency)} />
                {order.discount_cents > 0 ? (
                  <Amount label="Discount" value={`-${formatMoney(order.discount_cents, currency)}`} />
                ) : null}
                <Amount label="Shipping" value={order.shipping_cents === 0 ? 'Free' : formatMoney(order.shipping_cents, currency)} />
                <Amount label="Total" value={formatMoney(order.total_cents, currency)} strong testId="order-total" />
              </dl>
            </Panel>
            {order.status === 'cancelled' ? (
              <Panel title="Cancelled">
                <div className="flex flex-col gap-1 text-sm text-neutral-700" data-testid="cancellation">
                  {order.cancel_reason ? <p>Reason: {order.cancel_reason}</p> : null}
                  {order.refund_due_cents > 0 ? (
                    <p>The customer is refunded {formatMoney(order.refund_due_cents, currency)} for this part.</p>
                  ) : null}
                </div>
              </Panel>
            ) : null}
          </div>
          <div className="flex flex-col gap-6">
            <Panel title="Delivery">
              <DeliveryAddress order={order} />
            </Panel>
            {order.courier_name || order.tracking_number ? (
              <Panel title="Shipment">
                <Shipment order={order} />
              </Panel>
            ) : null}
            <Panel title="History">
              <StatusTimeline
                entries={partTimeline(order)}
                badge={(status) => <OrderStatusBadge status={status} />}
                formatTime={formatDateTime}
                label="Order history"
              />
            </Panel>
          </div>
        </div>
      </div>
    </div>
  );
}

/** What the vendor does next, in words. */
function nextStepHint(order: VendorOrder): string {
  if (canMove(order, 'shipped')) {
    return canMove(order, 'processing')
      ? 'Mark it as processing while you pack it, so the customer knows, then ship it with the courier and tracking number.'
      : 'Ship it with the courier and tracking number; the customer gets them to follow the parcel.';
  }
  if (canMove(order, 'delivered')) return 'Mark it as delivered once the parcel has arrived.';
  return 'The moves open to you now.';
}

function Amount({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-semibold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ItemsTable({ lines, currency }: { lines: VendorOrderLine[]; currency: CurrencyFormat }) {
  return (
    <ul className="flex flex-col divide-y divide-neutral-200" aria-label="Items to pack">
      {lines.map((line, index) => {
        const options = lineOptions(line);
        return (
          <li key={`${line.product_id ?? line.product_name}-${index}`} className="flex items-center gap-3 py-3" data-testid="order-item">
            <LinePicture url={line.image_url} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-neutral-900">{line.product_name}</p>
              {options ? <p className="text-xs text-neutral-600">{options}</p> : null}
              {line.product_type !== 'physical' ? (
                <p className="text-xs text-neutral-600">
                  {line.product_type === 'digital' ? 'Digital: nothing to ship' : 'Service: nothing to ship'}
                </p>
              ) : null}
            </div>
            <p className="text-right text-sm tabular-nums">
              <span className="block text-neutral-600">
                {line.quantity} × {formatMoney(line.unit_price_cents, currency)}
              </span>
              <span className="block font-medium">{formatMoney(line.line_total_cents, currency)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function LinePicture({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-400">
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  // The name next to it says what it is: the picture is decoration here.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt="" loading="lazy" className="size-12 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-cover" />;
}

function DeliveryAddress({ order }: { order: VendorOrder }) {
  const address = order.shipping_address;
  return (
    <div className="flex flex-col gap-3 text-sm text-neutral-700">
      {address ? (
        <address className="not-italic" data-testid="delivery-address">
          {addressLines(address).map((line, index) => (
            <span key={index} className={index === 0 ? 'block font-medium text-neutral-900' : 'block'}>
              {line}
            </span>
          ))}
          <span className="mt-1 block">Phone: {address.phone}</span>
        </address>
      ) : (
        <p>No delivery address: nothing in this part ships.</p>
      )}
      {order.delivery_from && order.delivery_to && order.status !== 'cancelled' && order.status !== 'delivered' ? (
        <p>
          Estimated delivery: {formatDate(order.delivery_from)} – {formatDate(order.delivery_to)}
        </p>
      ) : null}
    </div>
  );
}

function Shipment({ order }: { order: VendorOrder }) {
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="shipment">
      <dl className="flex flex-col gap-2">
        {order.courier_name ? (
          <div>
            <dt className="text-neutral-600">Courier</dt>
            <dd className="font-medium text-neutral-900">{order.courier_name}</dd>
          </div>
        ) : null}
        {order.tracking_number ? (
          <div>
            <dt className="text-neutral-600">Tracking number</dt>
            <dd className="font-medium text-neutral-900">{order.tracking_number}</dd>
          </div>
        ) : null}
      </dl>
      {order.tracking_url ? (
        <p>
          <a href={order.tracking_url} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-1 ${LINK}`}>
            Track parcel
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}
