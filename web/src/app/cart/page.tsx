import type { Metadata } from 'next';
import { CartPage } from '@/features/cart/components/cart-page';

export const metadata: Metadata = { title: 'Cart', robots: { index: false } };

export default function CartRoute() {
  return <CartPage />;
}
