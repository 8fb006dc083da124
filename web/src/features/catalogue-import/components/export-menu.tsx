'use client';

import { buttonClasses } from '@/components/ui/button';
import { ChevronDown, Download, Loader2 } from 'lucide-react';
import { DeferredPopup, type TriggerProps } from '@/components/ui/deferred-popup';
import { exportProducts, type ExportStore, type ImportArea } from '@/features/catalogue-import/api/product-imports';
import type { ImportFormat } from '@/features/catalogue-import/api/import-types';
import { useDownload } from '@/features/catalogue-import/components/use-download';

// The menu (Radix) is loaded when first used; see DeferredPopup.
const loadExportMenuPopup = () =>
  import('@/features/catalogue-import/components/export-menu-popup').then((m) => m.ExportMenuPopup);

export const EXPORT_FAILURE = 'The export could not be made. Please try again.';

/**
 * "Export": a menu of the files the products can be saved as (bazaar's CSV and JSON, and
 * WooCommerce's and Shopify's CSV), each fetched with the caller's token: every store's products
 * for an admin (or `store`'s alone, when the list is filtered to it), the vendor's own for a vendor.
 */
export function ProductExportMenu({ area, store }: { area: ImportArea; store?: ExportStore }) {
  const { busy, run } = useDownload();
  const trigger: TriggerProps = {
    className: buttonClasses('secondary', 'h-10 data-[state=open]:bg-neutral-100'),
    // Not disabled while a file downloads: the menu gives focus back to it on closing. A second
    // choice meanwhile is ignored.
    'aria-busy': busy || undefined,
    'data-testid': 'export-menu-trigger',
  };
  const content = (
    <>
      {busy ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden="true" className="size-4" />
      )}
      Export
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
  const onExport = (format: ImportFormat) => run(() => exportProducts(area, format, store), EXPORT_FAILURE);
  const heading = store ? `Save ${store.name}'s products as` : 'Save the products as';
  return (
    <DeferredPopup
      load={loadExportMenuPopup}
      props={{ trigger, content, heading, onExport }}
      trigger={trigger}
      haspopup="menu"
    >
      {content}
    </DeferredPopup>
  );
}
