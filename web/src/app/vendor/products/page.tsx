import type { Metadata } from 'next';
import { ProductFileActions } from '@/features/catalogue-import/components/product-file-actions';
import { VendorProductsPage } from '@/features/products/components/vendor-products-page';

export const metadata: Metadata = { title: 'Products' };

export default function VendorProductsRoute() {
  return <VendorProductsPage actions={<ProductFileActions area="vendor" />} />;
}
