'use client';

import { Suspense, useId } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm } from '@/components/area/list-controls';
import { Pagination } from '@/components/ui/pagination';
import { pageCount } from '@/lib/page-param';
import { useMounted } from '@/lib/use-mounted';
import { STOCK_LEVELS_PER_PAGE, useStockLevels } from '@/features/inventory/api/inventory';
import {
  ExportCsvButton,
  ImportCsvButton,
  StockImportPanel,
  useStockImport,
} from '@/features/inventory/components/stock-csv';
import { StockHistory } from '@/features/inventory/components/stock-history';
import { StockLevelsTable } from '@/features/inventory/components/stock-levels-table';
import {
  HISTORY_ID,
  inventoryFiltersFrom,
  inventoryHref,
  lowStockSummary,
  type InventoryFilters,
} from '@/features/inventory/lib/inventory-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /vendor/inventory/?q=…&low=true&page=N&product=…&history=N: the vendor's stock levels, lowest
 * first, each edited in place (the level, and the product's low-stock threshold); the stock
 * history below; and stock as CSV (export, and import with a dry run first). The filters live in
 * the URL; the dashboard's low-stock to-do opens ?low=true.
 */
export function InventoryPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your stock" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your stock" />;
  return <Inventory filters={inventoryFiltersFrom(search)} />;
}

function Inventory({ filters }: { filters: InventoryFilters }) {
  const router = useRouter();
  const levels = useStockLevels({ q: filters.q, low: filters.low, page: filters.page });
  const csv = useStockImport();
  const go = (next: Partial<InventoryFilters>) =>
    router.replace(inventoryHref({ ...filters, page: 1, ...next }), { scroll: false });
  const { data, isPending, isError, error, refetch, isFetching } = levels;
  const filtered = filters.q !== '' || filters.low;
  const historyName = filters.product
    ? (data?.items.find((level) => level.product_id === filters.product)?.product_name ?? null)
    : null;

  return (
    <>
      <PageHeader
        title="Inventory"
        description={
          <span data-testid="low-count">{data ? lowStockSummary(data.low_count) : 'Your stock, lowest first.'}</span>
        }
        actions={
          <>
            <ExportCsvButton />
            <ImportCsvButton onFile={csv.check} disabled={csv.busy} />
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {csv.state ? <StockImportPanel state={csv.state} onApply={csv.apply} onCancel={csv.cancel} /> : null}
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <SearchForm
              key={filters.q}
              label="Search your stock"
              placeholder="Product name or exact SKU"
              initial={filters.q}
              onSearch={(q) => go({ q })}
            />
            <LowOnlyToggle checked={filters.low} onChange={(low) => go({ low })} />
          </div>
          {isPending ? (
            <ListSkeleton label="Loading your stock" />
          ) : isError ? (
            <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
          ) : data.items.length === 0 ? (
            filtered ? (
              <EmptyState title={filters.low && !filters.q ? 'Nothing is low on stock' : 'No stock matches'}>
                <p className="text-neutral-600">
                  {filters.q
                    ? `Nothing matches “${filters.q}”${filters.low ? ' among the levels low on stock' : ''}.`
                    : 'Every level is above its low-stock threshold.'}
                </p>
                <Link href={inventoryHref({ ...filters, q: '', low: false, page: 1 })} scroll={false} className={LINK}>
                  Show all stock
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="No stock yet">
                <p className="text-neutral-600">Your products and their variations show here once you add them.</p>
                <Link href="/vendor/products/new/" className={LINK}>
                  Add a product
                </Link>
              </EmptyState>
            )
          ) : (
            <>
              <p className="text-sm text-neutral-600" aria-live="polite">
                {data.meta.total === 1 ? '1 stock level' : `${data.meta.total} stock levels`}. Change a number and
                press Enter (or leave the box) to save it.
              </p>
              <StockLevelsTable
                levels={data.items}
                updating={isFetching}
                historyHref={(product) => inventoryHref({ ...filters, product, historyPage: 1 }, HISTORY_ID)}
              />
              <Pagination
                page={filters.page}
                pageCount={pageCount(data.meta.total, STOCK_LEVELS_PER_PAGE)}
                hrefFor={(page) => inventoryHref({ ...filters, page })}
                label="Stock level pages"
              />
            </>
          )}
        </div>
        <StockHistory
          productId={filters.product}
          productName={historyName}
          page={filters.historyPage}
          hrefFor={({ productId, page }) => inventoryHref({ ...filters, product: productId, historyPage: page })}
        />
      </div>
    </>
  );
}

/** "Low stock only": the levels at or below their threshold (?low=true). */
function LowOnlyToggle({ checked, onChange }: { checked: boolean; onChange: (low: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex h-10 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        Low stock only
      </label>
    </div>
  );
}
