import type { Metadata } from 'next';
import { VendorProductsPage } from '@/features/products/components/vendor-products-page';

export const metadata: Metadata = { title: 'Products' };

export default function VendorProductsRoute() {
  return <VendorProductsPage />;
}
