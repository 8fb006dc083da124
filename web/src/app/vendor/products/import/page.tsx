import type { Metadata } from 'next';
import { ProductImportPage } from '@/features/catalogue-import/components/product-import-page';

export const metadata: Metadata = { title: 'Import products' };

export default function VendorProductImportRoute() {
  return <ProductImportPage area="vendor" />;
}
