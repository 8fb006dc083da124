'use client';

import Link from 'next/link';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/selling/statuses';
import { movementActor, signedChange } from '@/features/inventory/lib/inventory-list';
import {
  movementReasonText,
  STOCK_PAGE_SIZE,
  stockHref,
  useAdminStockMovements,
  type AdminStockMovement,
  type StockFilters,
} from '@/features/admin/api/stock';
import { countText, pagesFor } from '@/features/admin/lib/list-total';
import { formatCount } from '@/features/admin/lib/user-words';
import { StoreSelect } from '@/features/admin/components/admin-filters';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const HEAD = 'px-3 py-3';

/** The "Movements" tab: every store's stock movements, newest first, by store and (from a level's "History") product. */
export function StockMovements({ filters, onChange }: { filters: StockFilters; onChange: (next: Partial<StockFilters>) => void }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminStockMovements(filters);
  // The product's name comes with its movements (not those of the list shown while they load);
  // until they arrive, or when it has none, it is "one product".
  const productName = filters.product
    ? data?.movements.find((movement) => movement.product_id === filters.product)?.product_name
    : undefined;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <StoreSelect value={filters.vendor} onChange={(vendor) => onChange({ vendor })} />
        </div>
        {filters.product ? (
          <p className="text-sm text-neutral-700" data-testid="stock-product-filter">
            Showing one product{productName ? `: ${productName}` : ''} —{' '}
            <Link href={stockHref({ ...filters, product: '', page: 1 })} scroll={false} aria-label="Show all products’ movements" className={LINK}>
              Show all
            </Link>
          </p>
        ) : null}
      </div>
      {isPending ? (
        <ListSkeleton label="Loading stock movements" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.movements.length === 0 ? (
        <EmptyState title="No stock movements yet">
          <p className="text-neutral-600">Sales, cancellations, changes by hand, imports and refund returns show here.</p>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-neutral-600" aria-live="polite" data-testid="stock-movement-count">
            {countText(data.total, 'movement', 'movements')}
          </p>
          <MovementTable movements={data.movements} updating={isFetching} />
          <Pagination
            page={filters.page}
            pageCount={pagesFor(data.total, filters.page, data.movements.length, STOCK_PAGE_SIZE)}
            hrefFor={(page) => stockHref({ ...filters, page })}
            label="Stock movement pages"
          />
        </>
      )}
    </div>
  );
}

function MovementTable({ movements, updating }: { movements: AdminStockMovement[]; updating: boolean }) {
  return (
    <ScrollTable label="Stock movements" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-4xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Stock movements, newest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              When
            </th>
            <th scope="col" className={HEAD}>
              Product
            </th>
            <th scope="col" className={HEAD}>
              Store
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Change
            </th>
            <th scope="col" className={cn(HEAD, 'text-right')}>
              Stock after
            </th>
            <th scope="col" className={HEAD}>
              Reason
            </th>
            <th scope="col" className={HEAD}>
              Order
            </th>
            <th scope="col" className={HEAD}>
              By
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {movements.map((movement) => (
            <MovementRow key={movement.id} movement={movement} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function MovementRow({ movement }: { movement: AdminStockMovement }) {
  const change = movement.quantity_change;
  return (
    <tr data-testid="stock-movement">
      <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
        <time dateTime={movement.created_at}>{formatDateTime(movement.created_at)}</time>
      </td>
      <td className="px-3 py-3">
        <p className="font-medium text-neutral-900">{movement.product_name}</p>
        <p className="text-xs text-neutral-600">{movement.sku ? `SKU ${movement.sku}` : 'No SKU'}</p>
      </td>
      <td className="px-3 py-3 text-neutral-700">{movement.vendor_name ?? 'Sold by the platform'}</td>
      <td
        className={cn(
          'px-3 py-3 text-right font-semibold whitespace-nowrap tabular-nums',
          change < 0 ? 'text-sale' : change > 0 ? 'text-brand-700' : 'text-neutral-700',
        )}
        data-testid="stock-movement-change"
      >
        {signedChange(change)}
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{formatCount(movement.stock_after)}</td>
      <td className="px-3 py-3 whitespace-nowrap" data-testid="stock-movement-reason">
        {movementReasonText(movement.reason)}
      </td>
      <td className="px-3 py-3 whitespace-nowrap">{movement.order_number ?? '—'}</td>
      <td className="px-3 py-3 break-all text-neutral-700" data-testid="stock-movement-actor">
        {movementActor(movement)}
      </td>
    </tr>
  );
}
