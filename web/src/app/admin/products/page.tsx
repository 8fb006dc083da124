import type { Metadata } from 'next';
import { AdminProductsPage } from '@/features/admin/components/products-page';
import { ProductFileActions } from '@/features/catalogue-import/components/product-file-actions';

export const metadata: Metadata = { title: 'Products' };

export default function AdminProductsRoute() {
  return <AdminProductsPage actions={<ProductFileActions area="admin" />} />;
}
