import type { Metadata } from 'next';
import { ProductDetailPage } from '@/features/products/components/product-detail-page';

// Exported once as /products/_/; `bazaar serve` answers every /products/{slug}/ from that shell
// and the page reads the slug from the location.
export const dynamicParams = false;

export function generateStaticParams(): { slug: string }[] {
  return [{ slug: '_' }];
}

export const metadata: Metadata = { title: 'Product' };

export default function ProductPage() {
  return <ProductDetailPage />;
}
