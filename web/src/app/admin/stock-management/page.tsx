import type { Metadata } from 'next';
import { AdminStockPage } from '@/features/admin/components/stock-page';

export const metadata: Metadata = { title: 'Stock management' };

export default function AdminStockRoute() {
  return <AdminStockPage />;
}
