import type { Metadata } from 'next';
import { WishlistPage } from '@/features/wishlist/components/wishlist-page';

export const metadata: Metadata = { title: 'Wishlist', robots: { index: false } };

export default function WishlistRoute() {
  return <WishlistPage />;
}
