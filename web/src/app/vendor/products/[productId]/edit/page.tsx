import type { Metadata } from 'next';
import { EditProductPage } from '@/features/products/components/product-editor-page';

// Exported once as /vendor/products/_/edit/; `bazaar serve` answers every
// /vendor/products/{productId}/edit/ from that shell, and the page reads the id from the location.
export const dynamicParams = false;

export function generateStaticParams(): { productId: string }[] {
  return [{ productId: '_' }];
}

export const metadata: Metadata = { title: 'Edit product' };

export default function EditProductRoute() {
  return <EditProductPage />;
}
