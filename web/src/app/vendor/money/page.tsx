import type { Metadata } from 'next';
import { VendorMoneyPage } from '@/features/money/components/vendor-money-page';

export const metadata: Metadata = { title: 'Money' };

export default function VendorMoneyRoute() {
  return <VendorMoneyPage />;
}
