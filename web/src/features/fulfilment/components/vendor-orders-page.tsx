'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ArrowLeft } from 'lucide-react';
import { PageSkeleton } from '@/components/area/area-states';
import { useMounted } from '@/lib/use-mounted';
import { VendorOrderDetail } from '@/features/fulfilment/components/vendor-order-detail';
import { OrderList } from '@/features/fulfilment/components/vendor-order-list';
import { orderListHref, orderListParamsFrom, type OrderListParams } from '@/features/fulfilment/lib/order-list';

/**
 * /vendor/orders/?status=…&page=N: the vendor's parts of paid orders, what is to ship first;
 * `&id=<part id>` opens one (what to pack, where it goes, and the moves open now) in place of the
 * list, keeping the list's filters for the way back.
 */
export function VendorOrdersPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your orders" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your orders" />;
  const params = orderListParamsFrom(search);
  return params.id !== null ? <DetailView params={params} /> : <OrderList params={params} />;
}

function DetailView({ params }: { params: OrderListParams }) {
  return (
    <>
      <p className="mb-4">
        <Link
          href={orderListHref({ ...params, id: null })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All orders
        </Link>
      </p>
      <VendorOrderDetail key={params.id} id={params.id ?? ''} />
    </>
  );
}
