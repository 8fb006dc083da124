import type { Metadata } from 'next';
import { AdminProductFileActions } from '@/features/admin/components/admin-product-file-actions';
import { AdminProductsPage } from '@/features/admin/components/products-page';

export const metadata: Metadata = { title: 'Products' };

export default function AdminProductsRoute() {
  return <AdminProductsPage actions={<AdminProductFileActions />} />;
}
