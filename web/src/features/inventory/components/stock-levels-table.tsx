'use client';

import Link from 'next/link';
import { History, ImageOff } from 'lucide-react';
import { StatusBadge } from '@/components/area/status-badge';
import { useSetStock, useSetThreshold } from '@/features/inventory/api/inventory';
import type { StockLevel } from '@/features/inventory/api/inventory-types';
import { InlineNumberInput } from '@/features/inventory/components/inline-number-input';
import { levelKey, levelName } from '@/features/inventory/lib/inventory-list';

/**
 * The store's stock levels (a product without variations, or one variation per row), each level
 * and each product's low-stock threshold edited in place, with a link to the level's history.
 */
export function StockLevelsTable({
  levels,
  updating,
  historyHref,
}: {
  levels: StockLevel[];
  updating: boolean;
  /** The page showing the history of one product. */
  historyHref: (productId: string) => string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
      <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Your stock levels, lowest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-3">
              Product
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3">
              Stock
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3">
              Low-stock threshold
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {levels.map((level) => (
            <LevelRow key={levelKey(level)} level={level} historyHref={historyHref(level.product_id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LevelRow({ level, historyHref }: { level: StockLevel; historyHref: string }) {
  const name = levelName(level);
  return (
    <tr data-testid="stock-row" data-low={level.low || undefined}>
      <td className="px-2 py-3 sm:px-3">
        <div className="flex items-start gap-3">
          <LevelPicture url={level.image_url} />
          <div className="min-w-0">
            <p className="font-medium text-neutral-900" data-testid="level-name">
              {level.product_name}
              {level.variation_name ? (
                <span className="font-normal text-neutral-700"> – {level.variation_name}</span>
              ) : null}
            </p>
            <p className="text-xs text-neutral-600" data-testid="level-sku">
              {level.sku ? `SKU ${level.sku}` : 'No SKU'}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              {level.low ? <StatusBadge label="Low" tone="warning" /> : null}
              {level.manage_stock ? null : <span className="text-neutral-600">Not counted down when sold</span>}
              <Link
                href={historyHref}
                aria-label={`History of ${level.product_name}`}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
              >
                <History aria-hidden="true" className="size-3.5" />
                History
              </Link>
            </p>
          </div>
        </div>
      </td>
      <td className="px-2 py-3 align-top sm:px-3">
        <StockCell level={level} name={name} />
      </td>
      <td className="px-2 py-3 align-top sm:px-3">
        <ThresholdCell level={level} />
      </td>
    </tr>
  );
}

function StockCell({ level, name }: { level: StockLevel; name: string }) {
  const setStock = useSetStock();
  return (
    <InlineNumberInput
      value={level.stock_quantity}
      label={`Stock of ${name}`}
      field="stock_quantity"
      fieldLabel="Stock"
      savedMessage="Stock updated"
      testId="stock-input"
      onSave={(stock_quantity) =>
        setStock.mutateAsync({ product_id: level.product_id, variation_id: level.variation_id, stock_quantity })
      }
    />
  );
}

/** A product's threshold is shared by its variations: each of their rows edits the same one. */
function ThresholdCell({ level }: { level: StockLevel }) {
  const setThreshold = useSetThreshold();
  return (
    <InlineNumberInput
      value={level.low_stock_threshold}
      label={`Low-stock threshold of ${level.product_name}`}
      field="low_stock_threshold"
      fieldLabel="The threshold"
      savedMessage="Low-stock threshold updated"
      hint={level.variation_id ? 'For every variation' : undefined}
      testId="threshold-input"
      onSave={(low_stock_threshold) => setThreshold.mutateAsync({ product_id: level.product_id, low_stock_threshold })}
    />
  );
}

/** On phones the row has no room for it: the name says what it is. */
function LevelPicture({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-400 sm:flex">
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  // The name next to it says what it is: the picture is decoration here.
  // eslint-disable-next-line @next/next/no-img-element
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      className="hidden size-12 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-cover sm:block"
    />
  );
}
