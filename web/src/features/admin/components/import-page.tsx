'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { useStoreChoices } from '@/features/admin/api/products';
import { ProductImportPage } from '@/features/catalogue-import/components/product-import-page';

/**
 * /admin/import/?id=…: product files for any store (the shared import page with the admin's
 * endpoints), with the store that owns every product chosen from the list of stores.
 */
export function AdminImportPage() {
  return <ProductImportPage area="admin" storeControl={(field) => <StoreSlugSelect {...field} />} />;
}

/** Every store by name, valued by its slug (what the import names a store by); empty keeps the file's. */
function StoreSlugSelect(props: UseFormRegisterReturn<'vendor'> & { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) {
  const stores = useStoreChoices();
  return (
    <Select {...props}>
      <option value="">{stores.isPending ? 'Loading stores…' : 'The store the file names'}</option>
      {stores.data?.map((store) => (
        <option key={store.id} value={store.slug}>
          {store.name}
        </option>
      ))}
    </Select>
  );
}
