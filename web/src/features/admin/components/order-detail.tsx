'use client';

import { useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { ExternalLink, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { ScrollTable } from '@/components/area/scroll-table';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { formatDateTime } from '@/lib/selling/statuses';
import { OrderStatusBadge, orderStatusLabel } from '@/features/orders/components/order-status';
import {
  useAdminOrder,
  useSetOrderStatus,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderPart,
  type OrderMove,
} from '@/features/admin/api/orders';
import { AuditEntryView } from '@/features/admin/components/audit-entry';
import { BooksPanel, PaymentsPanel } from '@/features/admin/components/order-books';
import { lineOptions, RefundsPanel } from '@/features/admin/components/order-refunds';
import { RefundDialog } from '@/features/admin/components/refund-dialog';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** One order as admins see it (/admin/orders/?id=…): its parts and lines, moves, refunds, payments, books and history. */
export function OrderDetail({ id }: { id: string }) {
  if (id === '') return <OrderNotFound />;
  return <DetailLoader id={id} />;
}

function DetailLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminOrder(id);
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
  return <OrderView detail={data} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order" />
      <EmptyState title="Order not found">
        <p className="text-sm text-neutral-600">There is no order with this id; the link may be incomplete.</p>
        <Link href="/admin/orders/" className={LINK}>
          See every order
        </Link>
      </EmptyState>
    </>
  );
}

/** Where a part goes next when an admin moves the order on. */
const STEP: Record<string, OrderMove> = { paid: 'processing', processing: 'shipped', shipped: 'delivered' };
const MOVES: readonly OrderMove[] = ['processing', 'shipped', 'delivered', 'cancelled'];
const CANCELLABLE = ['pending_payment', 'paid', 'processing'];

/**
 * The statuses the whole order can be moved to (SPEC's state machine, as the API applies it to
 * each store's part): the next step of any part still going, and cancelled while nothing has shipped.
 */
export function nextOrderStatuses(order: Pick<AdminOrder, 'parts'>): OrderMove[] {
  const live = order.parts.filter((part) => part.status !== 'cancelled');
  const next = new Set<OrderMove>();
  for (const part of live) {
    const step = STEP[part.status];
    if (step) next.add(step);
  }
  if (live.length > 0 && live.every((part) => CANCELLABLE.includes(part.status))) next.add('cancelled');
  return MOVES.filter((move) => next.has(move));
}

function OrderView({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const currency: CurrencyFormat = { code: order.currency };
  const items = order.parts.reduce((sum, part) => sum + part.items.reduce((count, line) => count + line.quantity, 0), 0);

  return (
    <div data-testid="admin-order-detail">
      <PageHeader
        title={`Order ${order.order_number}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>
              Placed {formatDateTime(order.created_at)} · {items === 1 ? '1 item' : `${items} items`} ·{' '}
              {order.parts.length === 1 ? '1 store' : `${order.parts.length} stores`}
            </span>
          </span>
        }
        actions={<RefundDialog detail={detail} />}
      />
      <div className="flex flex-col gap-6">
        <MoveOrder order={order} />

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel title="Order">
            <Facts rows={orderFacts(detail, currency)} />
          </Panel>
          <div className="flex flex-col gap-6">
            <Panel title="Totals">
              <dl className="flex flex-col gap-1 text-sm">
                <Amount label="Items" value={formatMoney(order.subtotal_cents, currency)} />
                {order.discount_cents > 0 ? <Amount label="Coupon discount" value={`-${formatMoney(order.discount_cents, currency)}`} /> : null}
                {order.points_discount_cents > 0 ? (
                  <Amount label="Points discount" value={`-${formatMoney(order.points_discount_cents, currency)}`} />
                ) : null}
                <Amount label="Shipping" value={order.shipping_cents === 0 ? 'Free' : formatMoney(order.shipping_cents, currency)} />
                <Amount label="VAT included" value={formatMoney(order.vat_cents, currency)} />
                <Amount label="Total" value={formatMoney(order.total_cents, currency)} strong testId="order-total" />
              </dl>
            </Panel>
            <Panel title="Delivery">
              <DeliveryAddress address={order.shipping_address} />
            </Panel>
          </div>
        </div>

        <section aria-labelledby="order-parts-heading" className="flex flex-col gap-4">
          <h2 id="order-parts-heading" className="text-lg font-semibold text-neutral-900">
            {order.parts.length === 1 ? 'The store’s part' : 'Each store’s part'}
          </h2>
          {order.parts.map((part) => (
            <PartPanel key={part.id} part={part} currency={currency} />
          ))}
        </section>

        <RefundsPanel detail={detail} />
        <PaymentsPanel detail={detail} />
        <BooksPanel detail={detail} />
        <Panel title="Activity" description="What admins did to this order, newest first.">
          {detail.audit.length === 0 ? (
            <p className="text-sm text-neutral-600">No admin has changed this order.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-neutral-200" aria-label="Activity">
              {detail.audit.map((entry) => (
                <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                  <AuditEntryView entry={entry} showSubject={false} />
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </div>
  );
}

/** "Move order to…": the next statuses; cancelling is confirmed first. A refusal (409) says why. */
function MoveOrder({ order }: { order: AdminOrder }) {
  const id = useId();
  const next = nextOrderStatuses(order);
  const move = useSetOrderStatus(order.id);
  const confirm = useConfirmState();
  const [choice, setChoice] = useState<OrderMove | ''>('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const selected: OrderMove | undefined = choice && next.includes(choice) ? choice : next[0];

  if (!selected) return null;

  function send(status: OrderMove) {
    setRefusal(null);
    move.mutate(status, {
      onSuccess: () => {
        toast.success(`Order moved to ${orderStatusLabel(status).toLowerCase()}`);
        confirm.close();
        setChoice('');
      },
      onError: (error) => {
        confirm.close();
        setRefusal(errorMessage(error, 'The order could not be moved. Please try again.'));
      },
    });
  }

  const moveButton = (
    <Button className="h-11" disabled={move.isPending} onClick={selected === 'cancelled' ? undefined : () => send(selected)}>
      {move.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      Move order
    </Button>
  );

  return (
    <Panel
      title="Move order"
      description="Every store’s part that can take the step moves; the buyer is told. Cancelling gives the stock back, and money paid becomes owed back."
    >
      {refusal ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
          data-testid="move-error"
        >
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-60 flex-col gap-1.5">
          <label htmlFor={`${id}-move`} className="text-sm font-medium text-neutral-800">
            Move order to
          </label>
          <Select id={`${id}-move`} value={selected} onChange={(event) => setChoice(event.target.value as OrderMove)}>
            {next.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </Select>
        </div>
        {selected === 'cancelled' ? (
          <ConfirmDialog
            open={confirm.open}
            onOpenChange={confirm.onOpenChange}
            trigger={moveButton}
            title={`Cancel order ${order.order_number}?`}
            description="Every part not yet shipped is cancelled and the buyer is told. Its stock goes back on the shelf; money paid is owed back to the buyer."
            confirmLabel="Cancel order"
            cancelLabel="Keep order"
            onConfirm={() => send('cancelled')}
            pending={move.isPending}
            error={confirm.error}
            testId="cancel-order-dialog"
          />
        ) : (
          moveButton
        )}
      </div>
    </Panel>
  );
}

/** The order's facts: who bought it, when, what was spent and earned in points, and what is owed back. */
function orderFacts(detail: AdminOrderDetail, currency: CurrencyFormat): [string, ReactNode][] {
  const { order } = detail;
  const cancelled = order.cancelled_at
    ? [formatDateTime(order.cancelled_at), order.cancel_reason].filter(Boolean).join(' · ')
    : null;
  return [
    [
      'Buyer',
      <Link href={`/admin/users/?id=${encodeURIComponent(detail.user_id)}`} className={LINK} data-testid="order-buyer">
        {detail.email}
      </Link>,
    ],
    ['Placed', formatDateTime(order.created_at)],
    ['Paid', order.paid_at ? formatDateTime(order.paid_at) : 'Not paid'],
    ...(cancelled ? [['Cancelled', cancelled] as [string, ReactNode]] : []),
    ['Coupon', order.coupon_code ?? 'None'],
    ['Points spent', String(order.points_spent)],
    ['Points earned', String(order.points_earned)],
    [
      'Owed back',
      <span data-testid="order-refund-due" className={order.refund_due_cents > 0 ? 'font-semibold text-sale' : undefined}>
        {formatMoney(order.refund_due_cents, currency)}
      </span>,
    ],
  ];
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-600">{term}</dt>
          <dd className="break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Amount({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-neutral-200 pt-2 text-base font-semibold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function DeliveryAddress({ address }: { address: AdminOrder['shipping_address'] }) {
  if (!address) return <p className="text-sm text-neutral-600">No delivery address: nothing in this order ships.</p>;
  const lines = [
    address.recipient,
    address.line1,
    address.line2 ?? '',
    address.suburb ?? '',
    `${address.city} ${address.postal_code}`,
    address.province,
  ].filter((line) => line.trim() !== '');
  return (
    <address className="text-sm text-neutral-700 not-italic" data-testid="delivery-address">
      {lines.map((line, index) => (
        <span key={index} className={index === 0 ? 'block font-medium text-neutral-900' : 'block'}>
          {line}
        </span>
      ))}
      <span className="mt-1 block">Phone: {address.phone}</span>
    </address>
  );
}

function PartPanel({ part, currency }: { part: AdminOrderPart; currency: CurrencyFormat }) {
  const headingId = `part-${part.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-6"
      data-testid="order-part"
      data-part-id={part.id}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-neutral-900">
            {part.vendor_name}
          </h3>
          <p className="text-sm text-neutral-600" data-testid="part-shipment">
            {part.courier_name || part.tracking_number ? (
              <>
                {[part.courier_name, part.tracking_number ? `tracking ${part.tracking_number}` : null].filter(Boolean).join(' · ')}
                {part.tracking_url ? (
                  <>
                    {' · '}
                    <a href={part.tracking_url} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-1 ${LINK}`}>
                      Track
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </>
            ) : (
              'Not shipped yet'
            )}
          </p>
        </div>
        <OrderStatusBadge status={part.status} />
      </div>
      {part.status === 'cancelled' ? (
        <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
          Cancelled{part.cancel_reason ? `: ${part.cancel_reason}` : ''}
          {part.refund_due_cents > 0 ? ` · ${formatMoney(part.refund_due_cents, currency)} owed back` : ''}
        </p>
      ) : null}
      <ScrollTable label={`Lines from ${part.vendor_name}`} className="-mx-5 sm:-mx-6">
        <table className="w-full min-w-xl text-left text-sm">
          <caption className="sr-only">Lines from {part.vendor_name}</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-5 py-2 sm:px-6">
                Item
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Price
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Qty
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Refunded
              </th>
              <th scope="col" className="px-5 py-2 text-right sm:px-6">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {part.items.map((line) => {
              const options = lineOptions(line);
              return (
                <tr key={line.id} data-testid="order-line" data-item-id={line.id}>
                  <td className="px-5 py-2.5 sm:px-6">
                    <span className="font-medium text-neutral-900">{line.product_name}</span>
                    {options ? <span className="block text-xs text-neutral-600">{options}</span> : null}
                  </td>
                  <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatMoney(line.unit_price_cents, currency)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{line.quantity}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums" data-testid="line-refunded">
                    {line.refunded_quantity > 0 ? (
                      <span className="font-medium text-sale">{line.refunded_quantity}</span>
                    ) : (
                      <span className="text-neutral-500">0</span>
                    )}
                  </td>
                  <td className="px-5 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-6">
                    {formatMoney(line.line_total_cents, currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
      <dl className="mt-3 flex flex-wrap justify-end gap-x-6 gap-y-1 text-sm text-neutral-700">
        <div className="flex gap-1">
          <dt>Items:</dt>
          <dd className="tabular-nums">{formatMoney(part.subtotal_cents, currency)}</dd>
        </div>
        {part.discount_cents > 0 ? (
          <div className="flex gap-1">
            <dt>Discount:</dt>
            <dd className="tabular-nums">-{formatMoney(part.discount_cents, currency)}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Shipping:</dt>
          <dd className="tabular-nums">{part.shipping_cents === 0 ? 'Free' : formatMoney(part.shipping_cents, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
