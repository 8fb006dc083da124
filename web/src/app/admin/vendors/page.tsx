import type { Metadata } from 'next';
import { AdminVendorsPage } from '@/features/admin/components/vendors-page';

export const metadata: Metadata = { title: 'Vendors' };

export default function AdminVendorsRoute() {
  return <AdminVendorsPage />;
}
