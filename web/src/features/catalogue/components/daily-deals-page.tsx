'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { useProductList } from '@/features/catalogue/api/catalogue';
import { ProductCount, ProductGridSkeleton, ProductResults } from '@/features/catalogue/components/product-grid';
import { dailyDealsPath, productsPath } from '@/features/catalogue/lib/product-filters';
import { pageFromParam } from '@/lib/page-param';
import { useStoreCurrency } from '@/lib/public-settings';
import { useMounted } from '@/lib/use-mounted';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** /daily-deals/?page=N: the products marked as daily deals; the page is read after mount. */
export function DailyDealsPage() {
  return (
    <div className="flex flex-col gap-6">
      <Suspense fallback={<DailyDealsSkeleton />}>
        <DailyDealsFromLocation />
      </Suspense>
    </div>
  );
}

function DailyDealsSkeleton() {
  return (
    <>
      <DailyDealsHeading />
      <Skeleton className="h-4 w-24" />
      <ProductGridSkeleton label="Loading daily deals" />
    </>
  );
}

function DailyDealsHeading() {
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Daily Deals</h1>;
}

function DailyDealsFromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <DailyDealsSkeleton />;
  return <DailyDeals page={pageFromParam(searchParams?.get('page'))} />;
}

function DailyDeals({ page }: { page: number }) {
  const currency = useStoreCurrency();
  const { data, isPending, isError, refetch, isFetching, isPlaceholderData } = useProductList({
    dailyDeal: true,
    page,
  });
  if (isPending) return <DailyDealsSkeleton />;
  return (
    <>
      <div className="flex flex-col gap-1">
        <DailyDealsHeading />
        {data ? <ProductCount data={data} /> : null}
      </div>
      {isError ? (
        <MessagePanel title="Daily deals could not be loaded">
          <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      ) : (
        <ProductResults
          data={data}
          page={page}
          currency={currency}
          updating={isPlaceholderData}
          label="Daily deal pages"
          heading="Daily deals"
          hrefFor={dailyDealsPath}
          empty={
            <MessagePanel title="No daily deals today">
              <p className="text-neutral-600">Check back tomorrow, or browse everything we sell.</p>
              <Link href={productsPath()} className={LINK}>
                Browse all products
              </Link>
            </MessagePanel>
          }
          pastEnd={
            <MessagePanel title="No deals on this page">
              <Link href={dailyDealsPath()} className={LINK}>
                Go to the first page
              </Link>
            </MessagePanel>
          }
        />
      )}
    </>
  );
}
