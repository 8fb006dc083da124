'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ApiError } from '@/lib/api-client';
import { pathSegmentAfter } from '@/lib/path-segment';
import { useMounted } from '@/lib/use-mounted';
import { useVendorProduct } from '@/features/products/api/vendor-products';
import { useVendorEditorSource } from '@/features/products/components/editor-source';
import { ProductEditor } from '@/features/products/components/product-editor';
import { VENDOR_PRODUCTS_PATH } from '@/features/products/lib/vendor-product-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** /vendor/products/new/: the editor for a product not saved yet. */
export function NewProductPage() {
  const source = useVendorEditorSource();
  return <ProductEditor product={null} source={source} />;
}

/**
 * /vendor/products/{id}/edit/: exported once as /vendor/products/_/edit/ and served for every
 * product, so the id comes from the location, after mount (the exported HTML is the same for all).
 */
export function EditProductPage() {
  const pathname = usePathname();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the product" />;
  const id = pathSegmentAfter(pathname, VENDOR_PRODUCTS_PATH);
  if (id === null) return <ProductNotFound />;
  return <EditLoader key={id} id={id} />;
}

function EditLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorProduct(id);
  const source = useVendorEditorSource();
  // Once the editor shows, a failed read (a reload) leaves it and its changes in place.
  if (data === undefined) {
    if (isPending || !isError) return <PageSkeleton label="Loading the product" />;
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <ProductNotFound />;
    return (
      <>
        <PageHeader title="Edit product" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return (
    <ProductEditor
      product={data}
      source={source}
      reload={async () => {
        const result = await refetch({ throwOnError: true });
        return result.data;
      }}
    />
  );
}

function ProductNotFound() {
  return (
    <>
      <PageHeader title="Edit product" />
      <EmptyState title="This product is not in your store">
        <p className="text-sm text-neutral-600">It may have been another store&apos;s, or the link is incomplete.</p>
        <Link href={VENDOR_PRODUCTS_PATH} className={LINK}>
          See your products
        </Link>
      </EmptyState>
    </>
  );
}
