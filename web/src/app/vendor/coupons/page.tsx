import type { Metadata } from 'next';
import { CouponsPage } from '@/features/coupons/components/coupons-page';

export const metadata: Metadata = { title: 'Coupons' };

export default function VendorCouponsRoute() {
  return <CouponsPage />;
}
