import { Skeleton } from '@/components/ui/skeleton';

export function ProductDetailSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10" aria-busy="true" data-testid="product-detail-skeleton">
      <span className="sr-only" role="status">
        Loading product
      </span>
      <Skeleton className="aspect-square rounded-lg" />
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
