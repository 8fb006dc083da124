'use client';

import Link from 'next/link';
import { ShoppingCart } from 'lucide-react';
import { CountBadge, DESKTOP_BADGE_CAP } from '@/components/ui/count-badge';
import { useCart } from '@/features/cart/api/cart';

export function cartLinkLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's cart icon with the item count (SPEC §2 "Navigation"). */
export function CartLink() {
  const { cart } = useCart();
  const count = cart.item_count;
  return (
    <Link
      href="/cart/"
      aria-label={cartLinkLabel(count)}
      data-testid="cart-link"
      className="relative inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-brand-700"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      <CountBadge count={count} cap={DESKTOP_BADGE_CAP} className="left-5" />
    </Link>
  );
}
