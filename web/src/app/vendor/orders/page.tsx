import type { Metadata } from 'next';
import { VendorOrdersPage } from '@/features/fulfilment/components/vendor-orders-page';

export const metadata: Metadata = { title: 'Orders' };

export default function VendorOrdersRoute() {
  return <VendorOrdersPage />;
}
