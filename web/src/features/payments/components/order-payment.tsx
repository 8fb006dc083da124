'use client';

import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchOrder } from '@/features/checkout/api/checkout';
import type { Order } from '@/features/checkout/api/checkout-types';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';

/**
 * What the pages PayFast's customers land on share (/payment/success, /payment/notify): the
 * order's payment status, asked again until PayFast's notification has reached the server, and
 * the panels for the states it can be in.
 */

/** How often the page asks whether PayFast's notification has marked the order paid. */
export const POLL_INTERVAL_MS = 1500;
/** After this many answers still unpaid, the page stops asking and says so. */
export const MAX_POLLS = 40;

const PAID_STATUSES = new Set(['paid', 'processing', 'shipped', 'delivered']);

export function isPaid(order: Order): boolean {
  return PAID_STATUSES.has(order.status);
}

export function orderQueryKey(userId: string, orderId: string) {
  return ['orders', userId, orderId] as const;
}

/**
 * The order, asked every 1.5 s while it awaits payment (at most 40 times). Once it is paid the
 * cart (emptied by the payment) and the points balance are refreshed.
 */
export function useOrderPayment(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderQueryKey(userId, orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending_payment' && q.state.dataUpdateCount < MAX_POLLS ? POLL_INTERVAL_MS : false,
  });
  const order = query.data;
  const paid = order ? isPaid(order) : false;
  const refreshed = useRef(false);

  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: ['cart', userId] });
    void queryClient.invalidateQueries({ queryKey: ['points', userId] });
  }, [paid, queryClient, userId]);

  const polls = queryClient.getQueryState(orderQueryKey(userId, orderId))?.dataUpdateCount ?? 0;
  const gaveUp = order?.status === 'pending_payment' && polls >= MAX_POLLS;
  return { query, order, paid, gaveUp };
}

export function PaymentSkeleton() {
  return <Skeleton className="mx-auto h-64 w-full max-w-lg rounded-lg" />;
}

export function OrderLinks({ orderId }: { orderId?: string }) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link
        href={orderId ? `/profile/?tab=orders&order=${encodeURIComponent(orderId)}` : '/profile/?tab=orders'}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        {orderId ? 'View your order' : 'View your orders'}
      </Link>
      <Link
        href="/products/"
        className="rounded-md border border-neutral-300 bg-white px-4 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
      >
        Continue shopping
      </Link>
    </div>
  );
}

export function SignInToSeeOrder() {
  return (
    <MessagePanel title="Sign in to see your order" headingLevel="h1" className="mx-auto max-w-lg">
      <Link href="/login/" className="font-medium text-brand-700 underline underline-offset-4">
        Sign In
      </Link>
    </MessagePanel>
  );
}

export function OrderLoadFailed({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  return (
    <MessagePanel title="Your order could not be loaded" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600">
        {error instanceof ApiError && error.isNotFound
          ? 'This order does not exist.'
          : 'Something went wrong on our side. Please try again.'}
      </p>
      <Button onClick={retry} disabled={retrying}>
        Try again
      </Button>
    </MessagePanel>
  );
}

/** A cancelled order, with why, and the refund owed when it had been paid. */
export function OrderCancelled({ order }: { order: Order }) {
  return (
    <MessagePanel title="This order was cancelled" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600" data-testid="cancelled-order">
        Order {order.order_number} was cancelled{order.cancel_reason ? `: ${order.cancel_reason}` : '.'}
      </p>
      {order.refund_due_cents ? (
        <p className="text-sm text-neutral-600" data-testid="refund-due">
          A refund of {formatMoney(order.refund_due_cents)} is due to you for what was paid.
        </p>
      ) : null}
      <OrderLinks />
    </MessagePanel>
  );
}
