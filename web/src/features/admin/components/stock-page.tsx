'use client';

import { Suspense } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import * as Tabs from '@radix-ui/react-tabs';
import { PageHeader, PageSkeleton } from '@/components/area/area-states';
import { useMounted } from '@/lib/use-mounted';
import { STOCK_TABS, stockFiltersFrom, stockHref, stockTabFrom, type StockFilters } from '@/features/admin/api/stock';
import { StockLevels } from '@/features/admin/components/stock-levels';
import { StockMovements } from '@/features/admin/components/stock-movements';

/**
 * /admin/stock-management/: every store's stock. "Levels" (?q=…&vendor_id=…&state=…&page=N) lists
 * what is low or out, each level adjustable by hand with a reason; "Movements"
 * (?tab=movements&vendor_id=…&product_id=…&page=N) is every store's stock history.
 */
export function AdminStockPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading stock" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading stock" />;
  return <StockManagement filters={stockFiltersFrom(searchParams)} />;
}

function StockManagement({ filters }: { filters: StockFilters }) {
  const router = useRouter();
  // Any change of filter (or tab) starts again at page 1; the address keeps only the open tab's filters.
  const go = (next: Partial<StockFilters>) => router.replace(stockHref({ ...filters, page: 1, ...next }), { scroll: false });

  return (
    <>
      <PageHeader
        title="Stock management"
        description="What is low or out of stock in every store, and every store’s stock movements. Set a level by hand, with a reason."
      />
      <Tabs.Root
        value={filters.tab}
        onValueChange={(tab) => go({ tab: stockTabFrom(tab) })}
        // Each tab is a request: the arrow keys move between the tabs, Enter or Space opens one.
        activationMode="manual"
        className="flex flex-col gap-6"
      >
        <Tabs.List aria-label="Stock views" className="flex gap-1 border-b border-neutral-200">
          {STOCK_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Only the open tab's panel is mounted, so only its list is fetched. */}
        <Tabs.Content value="levels" className="rounded-md">
          <StockLevels filters={filters} onChange={go} />
        </Tabs.Content>
        <Tabs.Content value="movements" className="rounded-md">
          <StockMovements filters={filters} onChange={go} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
