'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ApiError } from '@/lib/api-client';
import { pathSegmentAfter } from '@/lib/path-segment';
import { useMounted } from '@/lib/use-mounted';
import type { VendorProduct } from '@/features/products/api/vendor-product-types';
import { ProductEditor } from '@/features/products/components/product-editor';
import { PRODUCTS_PATH, useEditedProduct, type AdminEditedProduct } from '@/features/admin/api/products';
import { useAdminEditorSource } from '@/features/admin/components/admin-product-editor-source';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/products/{id}/edit/: the vendor's product editor with admin powers, for any store's
 * product. Exported once as /admin/products/_/edit/ and served for every product, so the id comes
 * from the location, after mount (the exported HTML is the same for all).
 */
export function AdminEditProductPage() {
  const pathname = usePathname();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the product" />;
  const id = pathSegmentAfter(pathname, PRODUCTS_PATH);
  if (id === null) return <NoSuchProduct />;
  return <EditLoader key={id} id={id} />;
}

function EditLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useEditedProduct(id);
  // Once the editor shows, a failed read (a reload) leaves it and its changes in place.
  if (data === undefined) {
    if (isPending || !isError) return <PageSkeleton label="Loading the product" />;
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <NoSuchProduct />;
    return (
      <>
        <PageHeader title="Edit product" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return (
    <AdminProductEditor
      edited={data}
      reload={async () => {
        const result = await refetch({ throwOnError: true });
        return result.data?.product;
      }}
    />
  );
}

function AdminProductEditor({
  edited,
  reload,
}: {
  edited: AdminEditedProduct;
  reload: () => Promise<VendorProduct | undefined>;
}) {
  const source = useAdminEditorSource(edited);
  return <ProductEditor product={edited.product} source={source} reload={reload} />;
}

function NoSuchProduct() {
  return (
    <>
      <PageHeader title="Edit product" />
      <EmptyState title="No such product">
        <p className="text-sm text-neutral-600">
          It may have been removed, or the link is incomplete. Only a store&apos;s products are edited here.
        </p>
        <Link href={PRODUCTS_PATH} className={LINK}>
          See all products
        </Link>
      </EmptyState>
    </>
  );
}
