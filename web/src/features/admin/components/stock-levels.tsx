'use client';

import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { SearchForm } from '@/components/area/list-controls';
import { Pagination } from '@/components/ui/pagination';
import {
  NO_STOCK_FILTERS,
  STOCK_PAGE_SIZE,
  STOCK_STATES,
  stockHref,
  stockStateFrom,
  useAdminStockLevels,
  type StockFilters,
} from '@/features/admin/api/stock';
import { ClearFiltersLink, FilterOptions, FilterSelect, StoreSelect } from '@/features/admin/components/admin-filters';
import { StockLevelTable } from '@/features/admin/components/stock-level-table';
import { countText, pagesFor } from '@/features/admin/lib/list-total';

/** The "Levels" tab: levels searched, by store and state, lowest first, each adjustable by hand. */
export function StockLevels({ filters, onChange }: { filters: StockFilters; onChange: (next: Partial<StockFilters>) => void }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminStockLevels(filters);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <SearchForm
          key={filters.q}
          label="Search stock"
          placeholder="Product name or SKU"
          initial={filters.q}
          onSearch={(q) => onChange({ q })}
        />
        <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <StoreSelect value={filters.vendor} onChange={(vendor) => onChange({ vendor })} />
          <FilterSelect label="State" value={filters.state} onChange={(state) => onChange({ state: stockStateFrom(state) })}>
            <FilterOptions options={STOCK_STATES} />
          </FilterSelect>
        </div>
        {filtered(filters) ? <ClearFiltersLink href={stockHref(NO_STOCK_FILTERS)} /> : null}
      </div>
      {isPending ? (
        <ListSkeleton label="Loading stock levels" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.levels.length === 0 ? (
        <NoLevels filters={filters} />
      ) : (
        <>
          <p className="text-sm text-neutral-600" aria-live="polite" data-testid="stock-level-count">
            {countText(data.total, 'stock level', 'stock levels')}
          </p>
          <StockLevelTable levels={data.levels} updating={isFetching} />
          <Pagination
            page={filters.page}
            pageCount={pagesFor(data.total, filters.page, data.levels.length, STOCK_PAGE_SIZE)}
            hrefFor={(page) => stockHref({ ...filters, page })}
            label="Stock level pages"
          />
        </>
      )}
    </div>
  );
}

/** Without a search or a store, an empty low (or out) list is good news; otherwise nothing matched. */
function NoLevels({ filters }: { filters: StockFilters }) {
  if (!filters.q && !filters.vendor && filters.state !== 'all') {
    return (
      <EmptyState title="Nothing is low on stock">
        <p className="text-neutral-600">
          {filters.state === 'out' ? 'No store has run out of anything it counts.' : 'Every counted level is above its low-stock threshold.'}
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No stock levels match">
      <p className="text-neutral-600">{filters.q ? `Nothing matches “${filters.q}” with these filters.` : 'No counted level has all of these.'}</p>
    </EmptyState>
  );
}

/** Anything but the default view (low or out, every store, no search). */
function filtered(filters: StockFilters): boolean {
  return stockHref({ ...filters, page: 1 }) !== stockHref(NO_STOCK_FILTERS);
}
