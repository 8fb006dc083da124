'use client';

import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import { pageCount } from '@/lib/page-param';
import { formatDateTime } from '@/lib/selling/statuses';
import { STOCK_MOVEMENTS_PER_PAGE, useStockMovements } from '@/features/inventory/api/inventory';
import type { StockMovement } from '@/features/inventory/api/inventory-types';
import { HISTORY_ID, movementActor, movementReason, signedChange } from '@/features/inventory/lib/inventory-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * The stock history, newest first: each sale, cancellation, change by hand and import, with the
 * level it left. Shows one product's when `productId` is set (a level's "History" link).
 */
export function StockHistory({
  productId,
  productName,
  page,
  hrefFor,
}: {
  productId: string | null;
  /** The product's name when the page knows it (its levels are listed). */
  productName: string | null;
  page: number;
  hrefFor: (next: { productId: string | null; page: number }) => string;
}) {
  const { data, isPending, isError, error, refetch, isFetching } = useStockMovements({ productId, page });
  const section = useRef<HTMLElement>(null);
  const first = useRef(true);

  // Choosing a product's history (a link further up) takes the reader to it; a page opened
  // with one does not steal the focus.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    section.current?.focus({ preventScroll: true });
  }, [productId]);

  const name = productName ?? data?.items[0]?.product_name ?? null;
  return (
    <section
      ref={section}
      id={HISTORY_ID}
      tabIndex={-1}
      aria-labelledby={`${HISTORY_ID}-heading`}
      className="scroll-mt-24 rounded-xl border border-neutral-200 bg-white p-5 outline-none sm:p-6"
      data-testid="stock-history"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${HISTORY_ID}-heading`} className="text-lg font-semibold text-neutral-900">
            Stock history
          </h2>
          <p className="mt-1 text-sm text-neutral-600" data-testid="history-scope">
            {productId ? `Changes to ${name ?? 'one product'}, newest first.` : 'Every change to your stock, newest first.'}
          </p>
        </div>
        {productId ? (
          <Link href={hrefFor({ productId: null, page: 1 })} scroll={false} className={cn(LINK, 'text-sm')}>
            Show every product
          </Link>
        ) : null}
      </div>
      {isPending ? (
        <ListSkeleton rows={3} label="Loading the stock history" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.items.length === 0 ? (
        <EmptyState title="No stock changes yet" className="py-8">
          <p className="text-sm text-neutral-600">Sales, cancellations, your changes and imports show here.</p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          <MovementTable movements={data.items} updating={isFetching} />
          <Pagination
            page={page}
            pageCount={pageCount(data.meta.total, STOCK_MOVEMENTS_PER_PAGE)}
            hrefFor={(next) => hrefFor({ productId, page: next })}
            label="Stock history pages"
            scroll={false}
          />
        </div>
      )}
    </section>
  );
}

function MovementTable({ movements, updating }: { movements: StockMovement[]; updating: boolean }) {
  return (
    <ScrollTable label="Stock history table">
      <table className="w-full min-w-3xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Stock changes, newest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              When
            </th>
            <th scope="col" className="px-3 py-2">
              Product
            </th>
            <th scope="col" className="px-3 py-2">
              SKU
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Change
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Stock after
            </th>
            <th scope="col" className="px-3 py-2">
              Reason
            </th>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
            <th scope="col" className="py-2 pl-3">
              By
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {movements.map((movement) => (
            <tr key={movement.id} data-testid="movement-row">
              <td className="py-2 pr-3 whitespace-nowrap text-neutral-700">
                <time dateTime={movement.created_at}>{formatDateTime(movement.created_at)}</time>
              </td>
              <td className="px-3 py-2 font-medium text-neutral-900">{movement.product_name}</td>
              <td className="px-3 py-2 whitespace-nowrap text-neutral-700">{movement.sku ?? '—'}</td>
              <td
                className={cn(
                  'px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums',
                  movement.quantity_change < 0 ? 'text-sale' : movement.quantity_change > 0 ? 'text-brand-700' : 'text-neutral-700',
                )}
                data-testid="movement-change"
              >
                {signedChange(movement.quantity_change)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="movement-stock-after">
                {movement.stock_after.toLocaleString('en-ZA')}
              </td>
              <td className="px-3 py-2 whitespace-nowrap" data-testid="movement-reason">
                {movementReason(movement.reason)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap" data-testid="movement-order">
                {movement.order_number ?? '—'}
              </td>
              <td className="py-2 pl-3 break-all text-neutral-700">{movementActor(movement)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
