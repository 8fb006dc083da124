import type { Metadata } from 'next';
import { AdminProductsPage } from '@/features/admin/components/products-page';

export const metadata: Metadata = { title: 'Products' };

export default function AdminProductsRoute() {
  return <AdminProductsPage />;
}
