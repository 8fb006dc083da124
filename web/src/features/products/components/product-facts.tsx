import Link from 'next/link';
import { CircleCheck, CircleX, Store } from 'lucide-react';
import type { ProductVendor } from '@/features/products/api/product-types';
import { storePath } from '@/lib/paths';

/** "In stock" or "Out of stock", as the product page and the quick view say it. */
export function StockStatus({ inStock }: { inStock: boolean }) {
  return inStock ? (
    <>
      <CircleCheck aria-hidden="true" className="size-4 text-brand-600" />
      <span className="font-medium text-brand-700">In stock</span>
    </>
  ) : (
    <>
      <CircleX aria-hidden="true" className="size-4 text-sale" />
      <span className="font-medium text-sale">Out of stock</span>
    </>
  );
}

/**
 * "Sold by" the vendor, linking to its store, or by the shop itself for a house product. The
 * API only answers products of approved vendors, so a vendor here is always an approved one.
 */
export function SoldBy({ vendor, siteName }: { vendor: ProductVendor | null; siteName: string }) {
  return (
    <>
      <Store aria-hidden="true" className="size-4 text-neutral-500" />
      <span>
        Sold by{' '}
        {vendor ? (
          <Link
            href={storePath(vendor.store_slug)}
            data-testid="product-vendor-link"
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {vendor.store_name}
          </Link>
        ) : (
          <span className="font-medium text-neutral-900">{siteName}</span>
        )}
      </span>
    </>
  );
}
