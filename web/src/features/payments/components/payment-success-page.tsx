'use client';

import { Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'next/navigation';
import { CircleCheck, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { MessagePanel } from '@/components/ui/message-panel';
import {
  OrderCancelled,
  OrderLinks,
  OrderLoadFailed,
  PaymentSkeleton,
  SignInToSeeOrder,
  useOrderPayment,
} from '@/features/payments/components/order-payment';
import { useSession } from '@/lib/auth/use-session';
import { formatMoney } from '@/lib/money';
import { trackPurchase } from '@/lib/tracking/track-purchase';
import { useMounted } from '@/lib/use-mounted';

/** /payment/success/?order={id}: where PayFast returns a paid customer. */
export function PaymentSuccessPage() {
  return (
    <Suspense fallback={<PaymentSkeleton />}>
      <PaymentSuccessFromLocation />
    </Suspense>
  );
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
  if (!user) return <SignInToSeeOrder />;
  return <PaidOrder userId={user.id} orderId={orderId} />;
}

function PaidOrder({ userId, orderId }: { userId: string; orderId: string }) {
  const { query, order, paid, gaveUp } = useOrderPayment(userId, orderId);
  const toasted = useRef(false);

  useEffect(() => {
    if (!order || !paid || toasted.current) return;
    toasted.current = true;
    if (order.points_earned > 0) toast.success(`You earned ${order.points_earned} points!`);
  }, [order, paid]);

  useEffect(() => {
    if (order && paid) trackPurchase(order.order_number, order.total_cents);
  }, [order, paid]);

  if (query.isPending) return <PaymentSkeleton />;
  if (!order) {
    return <OrderLoadFailed error={query.error} retry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (order.status === 'cancelled') return <OrderCancelled order={order} />;

  if (!paid) {
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
