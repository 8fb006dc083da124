'use client';

import { Suspense, useEffect, useRef } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchOrder } from '@/features/checkout/api/checkout';
import type { Order } from '@/features/checkout/api/checkout-types';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { formatMoney } from '@/lib/money';
import { useMounted } from '@/lib/use-mounted';

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

/** /payment/success/?order={id}: where PayFast returns a paid customer. */
export function PaymentSuccessPage() {
  return (
    <Suspense fallback={<PaymentSkeleton />}>
      <PaymentSuccessFromLocation />
    </Suspense>
  );
}

export function PaymentSkeleton() {
  return <Skeleton className="mx-auto h-64 w-full max-w-lg rounded-lg" />;
}

function PaymentSuccessFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  const { status, user } = useSession();
  if (!mounted || status === 'loading') return <PaymentSkeleton />;
  const orderId = searchParams.get('order');
  if (!orderId) {
    return (
      <MessagePanel title="No order to show" headingLevel="h1" className="mx-auto max-w-lg">
        <OrderLinks />
      </MessagePanel>
    );
  }
  if (!user) {
    return (
      <MessagePanel title="Sign in to see your order" headingLevel="h1" className="mx-auto max-w-lg">
        <Link href="/login/" className="font-medium text-brand-700 underline underline-offset-4">
          Sign In
        </Link>
      </MessagePanel>
    );
  }
  return <PaidOrder userId={user.id} orderId={orderId} />;
}

function PaidOrder({ userId, orderId }: { userId: string; orderId: string }) {
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
  const toasted = useRef(false);

  useEffect(() => {
    if (!order || !paid || toasted.current) return;
    toasted.current = true;
    // The cart was emptied and points moved with the payment.
    void queryClient.invalidateQueries({ queryKey: ['cart', userId] });
    void queryClient.invalidateQueries({ queryKey: ['points', userId] });
    if (order.points_earned > 0) toast.success(`You earned ${order.points_earned} points!`);
  }, [order, paid, queryClient, userId]);

  if (query.isPending) return <PaymentSkeleton />;
  if (!order) {
    return (
      <MessagePanel title="Your order could not be loaded" headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">
          {query.error instanceof ApiError && query.error.isNotFound
            ? 'This order does not exist.'
            : 'Something went wrong on our side. Please try again.'}
        </p>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }

  if (order.status === 'cancelled') {
    return (
      <MessagePanel title="This order was cancelled" headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">Order {order.order_number} was cancelled{order.cancel_reason ? `: ${order.cancel_reason}` : '.'}</p>
        <OrderLinks />
      </MessagePanel>
    );
  }

  if (!paid) {
    const polls = queryClient.getQueryState(orderQueryKey(userId, orderId))?.dataUpdateCount ?? 0;
    const gaveUp = order.status === 'pending_payment' && polls >= MAX_POLLS;
    return (
      <MessagePanel title="Confirming your payment" headingLevel="h1" className="mx-auto max-w-lg">
        <p role="status" className="flex items-center gap-2 text-neutral-700">
          {gaveUp ? null : <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {gaveUp
            ? `PayFast has not confirmed order ${order.order_number} yet. We will let you know as soon as it does.`
            : `Waiting for PayFast to confirm order ${order.order_number}…`}
        </p>
        {gaveUp ? <OrderLinks /> : null}
      </MessagePanel>
    );
  }

  return (
    <MessagePanel title="Payment successful" headingLevel="h1" className="mx-auto max-w-lg">
      <CircleCheck aria-hidden="true" className="size-12 text-brand-600" />
      <p role="status" className="text-neutral-700" data-testid="paid-order">
        Thank you! Order <strong className="font-semibold text-neutral-900">{order.order_number}</strong> is paid.
      </p>
      <p className="text-lg font-semibold tabular-nums" data-testid="paid-total">
        Total: {formatMoney(order.total_cents)}
      </p>
      {order.points_earned > 0 ? (
        <p className="text-sm text-neutral-600">You earned {order.points_earned} points with this order.</p>
      ) : null}
      <OrderLinks orderId={order.id} />
    </MessagePanel>
  );
}
