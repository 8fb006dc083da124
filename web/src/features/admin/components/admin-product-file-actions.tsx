'use client';

import { useSearchParams } from 'next/navigation';
import { productFiltersFrom, useStoreChoices } from '@/features/admin/api/products';
import { ProductFileActions } from '@/features/catalogue-import/components/product-file-actions';

/**
 * Import and export on the admin's products list: filtered to one store (`?vendor_id=`), "Export"
 * saves that store's products alone. The store's slug comes from the list the store filter already
 * read; a store not (yet) in it exports the whole catalogue, as the menu's heading says.
 */
export function AdminProductFileActions() {
  const searchParams = useSearchParams();
  const stores = useStoreChoices();
  const vendor = productFiltersFrom(searchParams).vendor;
  const chosen = vendor ? stores.data?.find((store) => store.id === vendor) : undefined;
  return <ProductFileActions area="admin" store={chosen ? { slug: chosen.slug, name: chosen.name } : undefined} />;
}
