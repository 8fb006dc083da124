import type { Metadata } from 'next';
import { NewProductPage } from '@/features/products/components/product-editor-page';

export const metadata: Metadata = { title: 'New product' };

export default function NewProductRoute() {
  return <NewProductPage />;
}
