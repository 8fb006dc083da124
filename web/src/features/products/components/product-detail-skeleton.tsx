import { Skeleton } from '@/components/ui/skeleton';

/**
 * The product page while its product loads. `preview` (the exported shell, before the page's
 * script runs) gives the picture frame a slot the server fills with the product's main picture
 * (`data-page-preview="image"`, crates/api/src/web/head.rs): the first paint shows the product.
 * The slot's markup is left empty and hydration keeps what the server put in it.
 */
export function ProductDetailSkeleton({ preview = false }: { preview?: boolean }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10" aria-busy="true" data-testid="product-detail-skeleton">
      <span className="sr-only" role="status">
        Loading product
      </span>
      {preview ? (
        <div
          aria-hidden="true"
          data-page-preview="image"
          // Framed like the gallery's picture once the server has put one here.
          className="aspect-square animate-pulse overflow-hidden rounded-lg bg-neutral-200 has-[img]:animate-none has-[img]:border has-[img]:border-neutral-200 has-[img]:bg-white"
          dangerouslySetInnerHTML={{ __html: '' }}
          suppressHydrationWarning
        />
      ) : (
        <Skeleton className="aspect-square rounded-lg" />
      )}
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-9 w-36" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-52" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}
