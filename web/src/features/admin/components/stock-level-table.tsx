'use client';

import Link from 'next/link';
import { History } from 'lucide-react';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { levelKey } from '@/features/inventory/lib/inventory-list';
import { productMovementsHref, type AdminStockLevel } from '@/features/admin/api/stock';
import { formatCount } from '@/features/admin/lib/user-words';
import { ProductThumbnail } from '@/features/admin/components/product-thumbnail';
import { StockAdjustDialog } from '@/features/admin/components/stock-adjust-dialog';

const HEAD = 'px-3 py-3';

/** The levels, lowest first: what, whose, how many (against the threshold), and what to do. */
export function StockLevelTable({ levels, updating }: { levels: AdminStockLevel[]; updating: boolean }) {
  return (
    <ScrollTable label="Stock levels" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Stock levels, lowest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              Product
            </th>
            <th scope="col" className={HEAD}>
              Store
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Stock
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {levels.map((level) => (
            <LevelRow key={levelKey(level)} level={level} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** "Out" at none left, "Low" at or under the threshold; nothing above it. */
function levelLook(level: Pick<AdminStockLevel, 'stock_quantity' | 'low'>) {
  if (level.stock_quantity <= 0) return { label: 'Out', tone: 'danger' as const };
  if (level.low) return { label: 'Low', tone: 'warning' as const };
  return null;
}

function LevelRow({ level }: { level: AdminStockLevel }) {
  const look = levelLook(level);
  return (
    <tr data-testid="stock-level">
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <ProductThumbnail url={level.image_url} />
          <div className="min-w-0">
            <p className="font-medium text-neutral-900" data-testid="stock-level-name">
              {level.product_name}
              {level.variation_name ? <span className="font-normal text-neutral-700"> – {level.variation_name}</span> : null}
            </p>
            <p className="text-xs text-neutral-600">{level.sku ? `SKU ${level.sku}` : 'No SKU'}</p>
          </div>
        </div>
      </td>
      <td className="px-3 py-3 text-neutral-700" data-testid="stock-level-store">
        {level.vendor_name ?? 'Sold by the platform'}
      </td>
      <td className="px-3 py-3 text-right" data-testid="stock-level-stock">
        <span className="inline-flex flex-col items-end gap-1">
          <span className="font-semibold text-neutral-900 tabular-nums">{formatCount(level.stock_quantity)}</span>
          <span className="text-xs whitespace-nowrap text-neutral-600">Threshold {formatCount(level.low_stock_threshold)}</span>
          {look ? <StatusBadge label={look.label} tone={look.tone} /> : null}
        </span>
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          <StockAdjustDialog level={level} />
          {/* Movements are kept per product: a variation's row shows its product's history. */}
          <Link
            href={productMovementsHref(level.product_id)}
            scroll={false}
            aria-label={`History of ${level.product_name}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
          >
            <History aria-hidden="true" className="size-4" />
            History
          </Link>
        </div>
      </td>
    </tr>
  );
}
