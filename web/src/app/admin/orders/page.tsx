import type { Metadata } from 'next';
import { AdminOrdersPage } from '@/features/admin/components/orders-page';

export const metadata: Metadata = { title: 'Orders' };

export default function AdminOrdersRoute() {
  return <AdminOrdersPage />;
}
