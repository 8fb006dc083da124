import type { Metadata } from 'next';
import { AdminCouponsPage } from '@/features/admin/components/coupons-page';

export const metadata: Metadata = { title: 'Coupons' };

export default function AdminCouponsRoute() {
  return <AdminCouponsPage />;
}
