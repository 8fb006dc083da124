import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { STORE_GRID } from '@/features/stores/components/store-products';

const CARDS = 8;

export function StorePageSkeleton() {
  return (
    <div className="flex flex-col gap-8 sm:gap-10" aria-busy="true" data-testid="store-page-skeleton">
      <span className="sr-only" role="status">
        Loading store
      </span>
      <div className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 sm:flex-row sm:items-center sm:gap-6 sm:p-8">
        <Skeleton className="size-20 shrink-0 rounded-xl sm:size-24" />
        <div className="flex w-full flex-col gap-3">
          <Skeleton className="h-8 w-2/3 max-w-sm" />
          <Skeleton className="h-4 w-full max-w-2xl" />
          <Skeleton className="h-4 w-52" />
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-7 w-32" />
        <div className={STORE_GRID}>
          {Array.from({ length: CARDS }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      </div>
    </div>
  );
}
