'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { CircleX, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { useCartActions } from '@/features/cart/api/cart';
import { PaymentSkeleton } from '@/features/payments/components/order-payment';
import { useSession } from '@/lib/auth/use-session';
import { useMounted } from '@/lib/use-mounted';

/** /payment/cancel/?order={id}: PayFast's cancel button leads here. */
export function PaymentCancelPage() {
  return (
    <Suspense fallback={<PaymentSkeleton />}>
      <PaymentCancelFromLocation />
    </Suspense>
  );
}

function PaymentCancelFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  const router = useRouter();
  const { status } = useSession();
  const { restore } = useCartActions();
  if (!mounted || status === 'loading') return <PaymentSkeleton />;
  const orderId = searchParams.get('order');

  function restoreCart() {
    if (!orderId) return;
    restore.mutate(orderId, { onSuccess: () => router.push('/cart/') });
  }

  return (
    <MessagePanel title="Payment cancelled" headingLevel="h1" className="mx-auto max-w-lg">
      <CircleX aria-hidden="true" className="size-12 text-sale" />
      <p className="text-neutral-700">Your payment was cancelled and nothing was charged.</p>
      {orderId && status === 'signed-in' ? (
        <>
          <p className="text-sm text-neutral-600">Put the items back in your cart to try again.</p>
          <Button onClick={restoreCart} disabled={restore.isPending || restore.isSuccess}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore cart
          </Button>
        </>
      ) : null}
      <Link href="/products/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Continue shopping
      </Link>
    </MessagePanel>
  );
}
