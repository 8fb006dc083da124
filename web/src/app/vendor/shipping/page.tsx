import type { Metadata } from 'next';
import { ShippingPage } from '@/features/shipping/components/shipping-page';

export const metadata: Metadata = { title: 'Shipping' };

export default function VendorShippingRoute() {
  return <ShippingPage />;
}
