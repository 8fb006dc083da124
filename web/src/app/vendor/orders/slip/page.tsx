import type { Metadata } from 'next';
import { PackingSlipPage } from '@/features/fulfilment/components/packing-slip-page';

export const metadata: Metadata = { title: 'Packing slip' };

export default function VendorPackingSlipRoute() {
  return <PackingSlipPage />;
}
