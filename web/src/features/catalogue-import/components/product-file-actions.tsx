'use client';

import { buttonClasses } from '@/components/ui/button';
import Link from 'next/link';
import { Upload } from 'lucide-react';
import { IMPORT_PATHS, type ExportStore, type ImportArea } from '@/features/catalogue-import/api/product-imports';
import { ProductExportMenu } from '@/features/catalogue-import/components/export-menu';

const SECONDARY_LINK = buttonClasses('secondary', 'h-10');

/**
 * "Import" (the area's import page) and "Export" (the products as a file; `store`'s alone when an
 * admin's list is filtered to it), for a products list's header.
 */
export function ProductFileActions({ area, store }: { area: ImportArea; store?: ExportStore }) {
  return (
    <>
      <Link href={IMPORT_PATHS[area]} className={SECONDARY_LINK} data-testid="import-link">
        <Upload aria-hidden="true" className="size-4" />
        Import
      </Link>
      <ProductExportMenu area={area} store={store} />
    </>
  );
}
