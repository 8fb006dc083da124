'use client';

import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ProductImage } from '@/components/product/product-image';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Skeleton } from '@/components/ui/skeleton';
import { CART_MESSAGES, useCart, useCartActions } from '@/features/cart/api/cart';
import type { CartItem } from '@/features/cart/api/cart-types';
import { formatMoney } from '@/lib/money';
import { productPath } from '@/lib/paths';

/** What identifies a line beyond its product: variation, size and colour. */
export function lineDetails(item: CartItem): string[] {
  const details: string[] = [];
  if (item.variation_name) details.push(item.variation_name);
  if (item.size) details.push(`Size: ${item.size}`);
  if (item.color) details.push(`Colour: ${item.color}`);
  return details;
}

/** /cart/: the visitor's cart (guest or signed in), with quantities, removal and the subtotal. */
export function CartPage() {
  const router = useRouter();
  const { cart, isPending, isError, signedIn, refetch } = useCart();
  const { setQuantity, remove, clear } = useCartActions();
  const toasted = useRef(false);

  useEffect(() => {
    if (isError && !toasted.current) {
      toasted.current = true;
      toast.error(CART_MESSAGES.errorTitle, { description: CART_MESSAGES.loadFailed });
    }
    if (!isError) toasted.current = false;
  }, [isError]);

  const busy = setQuantity.isPending || remove.isPending || clear.isPending;
  const unavailable = cart.items.some((item) => !item.available);

  let body;
  if (isPending) {
    body = <CartSkeleton />;
  } else if (isError) {
    body = (
      <MessagePanel title={CART_MESSAGES.loadFailed}>
        <Button onClick={refetch}>Try again</Button>
      </MessagePanel>
    );
  } else if (cart.items.length === 0) {
    body = (
      <MessagePanel title="Your cart is empty">
        <ShoppingCart aria-hidden="true" className="size-10 text-neutral-400" />
        <Link href="/products/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Browse products
        </Link>
      </MessagePanel>
    );
  } else {
    body = (
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" aria-label="Cart items">
          {cart.items.map((item) => (
            <li key={item.id} className="flex gap-4 p-4" data-testid="cart-line">
              <Link href={productPath(item.slug)} className="w-20 shrink-0 sm:w-24" tabIndex={-1} aria-hidden="true">
                <ProductImage src={item.image_url} alt="" className="rounded-md border border-neutral-200" />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link href={productPath(item.slug)} className="font-medium text-neutral-900 hover:text-brand-700">
                      {item.product_name}
                    </Link>
                    {lineDetails(item).length > 0 ? (
                      <p className="text-sm text-neutral-600">{lineDetails(item).join(' · ')}</p>
                    ) : null}
                    <p className="text-sm text-neutral-600 tabular-nums">
                      {formatMoney(item.product_price_cents)} each
                    </p>
                    {!item.available ? (
                      <p className="text-sm font-medium text-sale">No longer available: please remove it.</p>
                    ) : null}
                  </div>
                  <p className="font-semibold tabular-nums" data-testid="cart-line-total">
                    {formatMoney(item.line_total_cents)}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-2">
                  <QuantityStepper
                    label={`Quantity of ${item.product_name}`}
                    value={item.quantity}
                    max={Math.max(item.available_stock, 1)}
                    disabled={busy || !item.available}
                    onChange={(quantity) => setQuantity.mutate({ id: item.id, quantity })}
                  />
                  <Button
                    variant="secondary"
                    className="px-3"
                    aria-label={`Remove ${item.product_name}`}
                    disabled={busy}
                    onClick={() => remove.mutate(item.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>

        <section aria-labelledby="cart-summary-heading" className="flex h-fit flex-col gap-4 rounded-lg border border-neutral-200 bg-white p-5">
          <h2 id="cart-summary-heading" className="text-lg font-semibold">
            Summary
          </h2>
          <dl className="flex items-center justify-between text-base">
            <dt>Subtotal ({cart.item_count} {cart.item_count === 1 ? 'item' : 'items'})</dt>
            <dd className="font-semibold tabular-nums" data-testid="cart-subtotal">
              {formatMoney(cart.subtotal_cents)}
            </dd>
          </dl>
          <p className="text-sm text-neutral-600">VAT included. Shipping and discounts are worked out at checkout.</p>
          <Button
            className="w-full py-3 text-base"
            disabled={busy || unavailable}
            onClick={() => router.push(signedIn ? '/checkout/' : '/login/')}
          >
            Checkout
          </Button>
          {!signedIn ? <p className="text-sm text-neutral-600">You will be asked to sign in first.</p> : null}
          <Button variant="secondary" disabled={busy} onClick={() => clear.mutate()}>
            Clear cart
          </Button>
        </section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your cart</h1>
      {body}
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your cart">
      {[0, 1].map((index) => (
        <Skeleton key={index} className="h-28 w-full rounded-lg" />
      ))}
    </div>
  );
}
