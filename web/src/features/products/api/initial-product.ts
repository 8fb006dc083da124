import type { ProductDetailResponse } from '@/features/products/api/product-types';
import { readPageData } from '@/lib/page-data';

/**
 * The product the server wrote into this page (lib/page-data), when it is the one `slugOrId`
 * names: by slug, or by id for /products/{id}/.
 */
export function initialProduct(slugOrId: string): ProductDetailResponse | undefined {
  const data = readPageData() as Partial<ProductDetailResponse> | undefined;
  const product = data?.product;
  if (!product || typeof product !== 'object') return undefined;
  if (product.slug !== slugOrId && product.id !== slugOrId) return undefined;
  return { product };
}
