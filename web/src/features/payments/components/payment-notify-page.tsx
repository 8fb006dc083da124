'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { CircleCheck, Clock, Loader2 } from 'lucide-react';
import { MessagePanel } from '@/components/ui/message-panel';
import {
  OrderCancelled,
  OrderLinks,
  OrderLoadFailed,
  PaymentSkeleton,
  useOrderPayment,
} from '@/features/payments/components/order-payment';
import { useSession } from '@/lib/auth/use-session';
import { formatMoney } from '@/lib/money';
import { useMounted } from '@/lib/use-mounted';

export const NOTIFY_TEXTS = {
  explainTitle: 'Payment notifications',
  explain:
    'PayFast tells us about payments directly, so there is nothing for you to do here. Your orders show each payment as soon as PayFast has confirmed it.',
  signIn: 'Sign in to follow this order',
  pendingTitle: 'Payment pending',
  pending: 'Waiting for PayFast to confirm your payment…',
  paidTitle: 'Payment received',
} as const;

/**
 * /payment/notify/: PayFast's notification itself goes server to server
 * (`/api/v1/payments/payfast/notify`), never here, but a customer may still land on this page.
 * With `?order={id}` and signed in it follows that order's payment live; otherwise it explains.
 */
export function PaymentNotifyPage() {
  return (
    <Suspense fallback={<PaymentSkeleton />}>
      <PaymentNotifyFromLocation />
    </Suspense>
  );
}

function PaymentNotifyFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  const { status, user } = useSession();
  if (!mounted || status === 'loading') return <PaymentSkeleton />;
  const orderId = searchParams.get('order');
  if (orderId && user) return <OrderPaymentStatus userId={user.id} orderId={orderId} />;
  return <HowPaymentsAreConfirmed askToSignIn={orderId !== null} />;
}

function HowPaymentsAreConfirmed({ askToSignIn }: { askToSignIn: boolean }) {
  return (
    <MessagePanel title={NOTIFY_TEXTS.explainTitle} headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-700" data-testid="notify-explanation">
        {NOTIFY_TEXTS.explain}
      </p>
      {askToSignIn ? (
        <Link href="/login/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          {NOTIFY_TEXTS.signIn}
        </Link>
      ) : null}
      <OrderLinks />
    </MessagePanel>
  );
}

function OrderPaymentStatus({ userId, orderId }: { userId: string; orderId: string }) {
  const { query, order, paid, gaveUp } = useOrderPayment(userId, orderId);

  if (query.isPending) return <PaymentSkeleton />;
  if (!order) {
    return <OrderLoadFailed error={query.error} retry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (order.status === 'cancelled') return <OrderCancelled order={order} />;

  if (!paid) {
    return (
      <MessagePanel title={NOTIFY_TEXTS.pendingTitle} headingLevel="h1" className="mx-auto max-w-lg">
        <Clock aria-hidden="true" className="size-12 text-neutral-500" />
        <p role="status" className="flex items-center gap-2 text-neutral-700" data-testid="notify-pending">
          {gaveUp ? null : <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {gaveUp
            ? `PayFast has not confirmed the payment for order ${order.order_number} yet. We will let you know as soon as it does.`
            : NOTIFY_TEXTS.pending}
        </p>
        <p className="text-sm text-neutral-600">
          Order {order.order_number}, {formatMoney(order.total_cents)}.
          {gaveUp ? null : ' This page updates by itself.'}
        </p>
        <OrderLinks orderId={order.id} />
      </MessagePanel>
    );
  }

  return (
    <MessagePanel title={NOTIFY_TEXTS.paidTitle} headingLevel="h1" className="mx-auto max-w-lg">
      <CircleCheck aria-hidden="true" className="size-12 text-brand-600" />
      <p role="status" className="text-neutral-700" data-testid="notify-paid">
        PayFast has confirmed the payment for order{' '}
        <strong className="font-semibold text-neutral-900">{order.order_number}</strong>.
      </p>
      <p className="text-lg font-semibold tabular-nums">Total: {formatMoney(order.total_cents)}</p>
      <OrderLinks orderId={order.id} />
    </MessagePanel>
  );
}
