'use client';

import Link from 'next/link';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { SearchForm } from '@/components/area/list-controls';
import { Pagination } from '@/components/ui/pagination';
import {
  countText,
  NO_STOCK_FILTERS,
  STOCK_STATES,
  stockHref,
  stockPages,
  stockStateFrom,
  useAdminStockLevels,
  type StockFilters,
} from '@/features/admin/api/stock';
import { FilterSelect, StoreSelect } from '@/features/admin/components/stock-filters';
import { StockLevelTable } from '@/features/admin/components/stock-level-table';

const LINK = 'text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

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
            {STOCK_STATES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FilterSelect>
        </div>
        {filtered(filters) ? (
          <p>
            <Link href={stockHref(NO_STOCK_FILTERS)} scroll={false} className={LINK}>
              Clear filters
            </Link>
          </p>
        ) : null}
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
            pageCount={stockPages(data.total, filters.page, data.levels.length)}
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
