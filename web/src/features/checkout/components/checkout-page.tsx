'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { cartKey } from '@/features/cart/api/cart';
import { placeOrder, useQuote } from '@/features/checkout/api/checkout';
import type { CheckoutInput, OrderPayment, Quote } from '@/features/checkout/api/checkout-types';
import { AddressFields } from '@/features/checkout/components/address-fields';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { PayFastForm } from '@/features/checkout/components/payfast-form';
import { DiscountFields, type Applied } from '@/features/checkout/components/discount-fields';
import {
  ADDRESS_FIELDS,
  EMPTY_ADDRESS,
  makeAddressSchema,
  offeredProvinces,
  toShippingAddress,
  type AddressFormValues,
} from '@/features/checkout/lib/address-schema';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { usePublicSettings } from '@/lib/public-settings';
import { trackConversion } from '@/lib/tracking/conversions';

/** /checkout/: signed-in only (guests go to /login/). */
export function CheckoutPage() {
  const router = useRouter();
  const { status, user } = useSession();

  useEffect(() => {
    if (status === 'signed-out') router.replace('/login/');
  }, [status, router]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      {user ? <CheckoutLoader userId={user.id} /> : <CheckoutSkeleton />}
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]" aria-busy="true" aria-label="Loading checkout">
      <Skeleton className="h-96 w-full rounded-lg" />
      <Skeleton className="h-72 w-full rounded-lg" />
    </div>
  );
}

function CheckoutLoader({ userId }: { userId: string }) {
  const [applied, setApplied] = useState<Applied>({});
  const quote = useQuote(userId, applied);

  if (quote.isPending) return <CheckoutSkeleton />;
  if (!quote.data) {
    return (
      <MessagePanel title="Your checkout could not be loaded">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button onClick={() => void quote.refetch()} disabled={quote.isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  if (quote.data.items.length === 0) {
    return (
      <MessagePanel title="Your cart is empty">
        <Link href="/products/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Browse products
        </Link>
      </MessagePanel>
    );
  }
  return (
    <CheckoutForm
      userId={userId}
      quote={quote.data}
      updating={quote.isFetching}
      applied={applied}
      onApplied={setApplied}
    />
  );
}

function CheckoutForm({
  userId,
  quote,
  updating,
  applied,
  onApplied,
}: {
  userId: string;
  quote: Quote;
  updating: boolean;
  applied: Applied;
  onApplied: (applied: Applied) => void;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<OrderPayment | null>(null);
  const [placing, setPlacing] = useState(false);
  const [discountErrors, setDiscountErrors] = useState<{ coupon_code?: string; points?: string }>({});
  // Only the provinces delivered to are offered (all nine until the settings are read).
  const deliveryProvinces = usePublicSettings().data?.delivery_provinces;
  const provinces = useMemo(() => offeredProvinces(deliveryProvinces), [deliveryProvinces]);
  const addressSchema = useMemo(() => makeAddressSchema(provinces), [provinces]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressFormValues>({ resolver: zodResolver(addressSchema), defaultValues: EMPTY_ADDRESS });

  const unavailable = quote.items.some((item) => !item.available);

  // Checkout begins when its form first shows with the cart's lines (not again as the quote updates).
  const checkoutTracked = useRef(false);
  useEffect(() => {
    if (checkoutTracked.current) return;
    checkoutTracked.current = true;
    trackConversion({
      type: 'begin_checkout',
      value_cents: quote.subtotal_cents,
      items: quote.items.map((item) => ({
        product_id: item.product_id,
        name: item.product_name,
        quantity: item.quantity,
        price_cents: item.product_price_cents,
      })),
    });
  }, [quote]);

  async function pay(input: CheckoutInput) {
    setPlacing(true);
    try {
      const order = await placeOrder(input);
      void queryClient.invalidateQueries({ queryKey: cartKey(userId) });
      if (order.payment) {
        setPayment(order.payment);
      } else {
        router.push(`/payment/success/?order=${encodeURIComponent(order.id)}`);
      }
    } catch (error) {
      setPlacing(false);
      showCheckoutError(error);
    }
  }

  function showCheckoutError(error: unknown) {
    const fields = error instanceof ApiError ? error.fields : undefined;
    let shown = false;
    for (const field of ADDRESS_FIELDS) {
      const message = fields?.[field];
      if (typeof message === 'string') {
        setError(field, { message });
        shown = true;
      }
    }
    const coupon = typeof fields?.coupon_code === 'string' ? fields.coupon_code : undefined;
    const points = typeof fields?.points === 'string' ? fields.points : undefined;
    if (coupon || points) {
      setDiscountErrors({ coupon_code: coupon, points });
      shown = true;
    }
    const message =
      error instanceof ApiError && error.status > 0 ? error.message : 'An unexpected error occurred';
    if (!shown || typeof fields?.shipping_address === 'string') toast.error('Error', { description: message });
    void queryClient.invalidateQueries({ queryKey: ['checkout', 'quote', userId] });
  }

  const discounts: CheckoutInput = {
    ...(applied.coupon_code ? { coupon_code: applied.coupon_code } : {}),
    ...(applied.points ? { points: applied.points } : {}),
  };
  const onSubmit = quote.requires_shipping_address
    ? handleSubmit((values) => pay({ ...discounts, shipping_address: toShippingAddress(values) }))
    : (event: React.FormEvent) => {
        event.preventDefault();
        void pay(discounts);
      };

  if (payment) return <PayFastForm payment={payment} />;

  const payLabel = quote.total_cents === 0 ? 'Place order' : 'Pay with PayFast';

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-6">
        <form id="checkout-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          {quote.requires_shipping_address ? (
            <section aria-labelledby="shipping-heading" className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-5">
              <h2 id="shipping-heading" className="text-lg font-semibold">
                Shipping address
              </h2>
              <AddressFields register={register} errors={errors} provinces={provinces} />
            </section>
          ) : (
            <p className="rounded-lg border border-neutral-200 bg-white p-5 text-neutral-700">
              Everything in your cart is digital, so no shipping address is needed.
            </p>
          )}
        </form>
        <DiscountFields
          userId={userId}
          quote={quote}
          applied={applied}
          onApplied={onApplied}
          errors={discountErrors}
          onErrors={setDiscountErrors}
        />
      </div>
      <div className="flex flex-col gap-4">
        <OrderSummary quote={quote} updating={updating} />
        <Button
          type="submit"
          form="checkout-form"
          className="w-full py-3 text-base"
          disabled={placing || updating || unavailable}
        >
          {placing ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Lock aria-hidden="true" className="size-4" />}
          {payLabel}
        </Button>
        {unavailable ? (
          <p className="text-sm font-medium text-sale">
            Something in your cart is no longer available. <Link href="/cart/" className="underline">Review your cart</Link>.
          </p>
        ) : (
          <p className="text-xs text-neutral-600">You will pay securely on PayFast&apos;s page.</p>
        )}
      </div>
    </div>
  );
}
