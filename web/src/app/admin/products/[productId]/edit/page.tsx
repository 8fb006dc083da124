import type { Metadata } from 'next';
import { AdminEditProductPage } from '@/features/admin/components/admin-product-editor-page';

// Exported once as /admin/products/_/edit/; `bazaar serve` answers every
// /admin/products/{productId}/edit/ from that shell, and the page reads the id from the location.
export const dynamicParams = false;

export function generateStaticParams(): { productId: string }[] {
  return [{ productId: '_' }];
}

export const metadata: Metadata = { title: 'Edit product' };

export default function AdminEditProductRoute() {
  return <AdminEditProductPage />;
}
