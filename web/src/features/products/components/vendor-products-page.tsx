'use client';

import { Suspense, useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ImageOff, Loader2, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm, StatusTabs } from '@/components/area/list-controls';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import { useStoreCurrency } from '@/lib/public-settings';
import { useMounted } from '@/lib/use-mounted';
import type {
  BulkAction,
  ProductChangeResult,
  VendorProductLine,
  VendorProductSort,
} from '@/features/products/api/vendor-product-types';
import {
  useChangeProducts,
  useVendorProductList,
  VENDOR_PRODUCTS_PER_PAGE,
  type VendorProductFilters,
} from '@/features/products/api/vendor-products';
import { BULK_ACTIONS, isProductStatus, productStatus } from '@/features/products/lib/product-status';
import {
  editProductPath,
  lineSku,
  listFiltersFrom,
  NEW_PRODUCT_PATH,
  productListHref,
  SORTS,
  STATUS_FILTERS,
} from '@/features/products/lib/vendor-product-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const PRIMARY_LINK =
  'inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800';

/**
 * /vendor/products/?q=…&status=…&sort=…&page=N: the vendor's products, searched, filtered and
 * sorted on the server (the filters live in the URL), with changing many at once: tick rows (or
 * the whole page) and activate, deactivate or archive them. `actions` go beside "New product"
 * (the route adds import and export there).
 */
export function VendorProductsPage({ actions }: { actions?: ReactNode }) {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your products" />}>
      <FromLocation actions={actions} />
    </Suspense>
  );
}

function FromLocation({ actions }: { actions?: ReactNode }) {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your products" />;
  const filters = listFiltersFrom(search);
  // A new search, filter or page starts with nothing ticked.
  return <ProductList key={productListHref(filters)} filters={filters} actions={actions} />;
}

/** What a bulk change did, for its toast: "2 products activated" and what else happened. */
export function bulkSummary(action: BulkAction, result: ProductChangeResult): { title: string; description?: string } {
  const look = BULK_ACTIONS.find((option) => option.action === action)!;
  const moved = result.moved.length;
  const waiting = result.moved.filter((item) => item.status === 'pending_review').length;
  const unchanged = result.unchanged.length;
  const title = moved === 0 ? 'No products changed' : `${moved === 1 ? '1 product' : `${moved} products`} ${look.done}`;
  const notes: string[] = [];
  if (waiting > 0) notes.push(`${waiting} ${waiting === 1 ? 'is' : 'are'} waiting for review before going on sale.`);
  if (unchanged > 0) notes.push(`${unchanged} ${unchanged === 1 ? 'was' : 'were'} ${look.already}.`);
  return notes.length > 0 ? { title, description: notes.join(' ') } : { title };
}

function ProductList({ filters, actions }: { filters: VendorProductFilters; actions?: ReactNode }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useVendorProductList(filters);
  const go = (next: Partial<VendorProductFilters>) =>
    router.replace(productListHref({ ...filters, page: 1, ...next }), { scroll: false });
  const filtered = filters.q !== '' || filters.status !== null;

  return (
    <>
      <PageHeader
        title="Products"
        description="Everything in your store. Tick products to change many at once."
        actions={
          <>
            {actions}
            <Link href={NEW_PRODUCT_PATH} className={PRIMARY_LINK}>
              <Plus aria-hidden="true" className="size-4" />
              New product
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Product status"
          options={STATUS_FILTERS}
          current={filters.status ?? 'all'}
          hrefFor={(status) => productListHref({ ...filters, status: isProductStatus(status) ? status : null, page: 1 })}
        />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SearchForm
            key={filters.q}
            label="Search your products"
            placeholder="Name, address or exact SKU"
            initial={filters.q}
            onSearch={(q) => go({ q })}
          />
          <SortSelect value={filters.sort} onChange={(sort) => go({ sort })} />
        </div>
        {isPending ? (
          <ListSkeleton label="Loading your products" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          filtered ? (
            <EmptyState title="No products match">
              <p className="text-neutral-600">
                {filters.q ? `Nothing matches “${filters.q}” here.` : 'There are no products with this status.'}
              </p>
              <Link href={productListHref({ q: '', status: null, sort: filters.sort, page: 1 })} className={LINK}>
                Show all products
              </Link>
            </EmptyState>
          ) : (
            <EmptyState title="No products yet">
              <p className="text-neutral-600">Add what you sell: its pictures, price, stock and sizes or colours.</p>
              <Link href={NEW_PRODUCT_PATH} className={PRIMARY_LINK}>
                <Plus aria-hidden="true" className="size-4" />
                Add your first product
              </Link>
            </EmptyState>
          )
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite">
              {data.meta.total === 1 ? '1 product' : `${data.meta.total} products`}
            </p>
            <ProductTable lines={data.items} updating={isFetching} />
            <Pagination
              page={filters.page}
              pageCount={pageCount(data.meta.total, VENDOR_PRODUCTS_PER_PAGE)}
              hrefFor={(page) => productListHref({ ...filters, page })}
              label="Product pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function SortSelect({ value, onChange }: { value: VendorProductSort; onChange: (sort: VendorProductSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-neutral-800">
        Sort by
      </label>
      <Select
        id={id}
        className="w-52"
        value={value}
        onChange={(event) => onChange(event.target.value as VendorProductSort)}
      >
        {SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Problems of a bulk change that need more than a toast: the agreement, a suspended store. */
type BulkProblem = { code: 'agreement_required' | 'store_suspended'; message: string };

function ProductTable({ lines, updating }: { lines: VendorProductLine[]; updating: boolean }) {
  const currency = useStoreCurrency();
  const change = useChangeProducts();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<BulkProblem | null>(null);
  // Only rows on this page count (a row may have left the list after a change).
  const ticked = lines.filter((line) => selected.has(line.id)).map((line) => line.id);
  const all = ticked.length === lines.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const run = (action: BulkAction) => {
    setProblem(null);
    change.mutate(
      { ids: ticked, action },
      {
        onSuccess: (result) => {
          const { title, description } = bulkSummary(action, result);
          toast.success(title, description ? { description } : undefined);
          setSelected(new Set());
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'agreement_required' || error.code === 'store_suspended')) {
            setProblem({ code: error.code, message: error.message });
          } else {
            toast.error('Error', { description: errorMessage(error, 'The products could not be changed. Please try again.') });
          }
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        role="toolbar"
        aria-label="Change the ticked products"
        className="flex flex-wrap items-center gap-2 rounded-lg border border-neutral-200 bg-white px-3 py-2"
      >
        <p className="mr-auto text-sm text-neutral-700" data-testid="selected-count">
          {ticked.length === 0 ? 'Tick products to change them' : `${ticked.length} selected`}
        </p>
        {change.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin text-neutral-500" /> : null}
        {BULK_ACTIONS.map((option) => (
          <Button
            key={option.action}
            variant="secondary"
            className="h-9"
            disabled={ticked.length === 0 || change.isPending}
            onClick={() => run(option.action)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {problem ? (
        <div
          role="alert"
          className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
          data-testid="bulk-problem"
        >
          <p className="font-semibold">{problem.message}</p>
          <p className="mt-1">
            {problem.code === 'agreement_required' ? (
              <Link href="/vendor/contracts/" className={LINK}>
                Go to your contracts
              </Link>
            ) : (
              <Link href="/vendor/" className={LINK}>
                See your dashboard
              </Link>
            )}
          </p>
        </div>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
          <caption className="sr-only">Your products</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select every product on this page"
                  className="size-4 accent-brand-700"
                  checked={lines.length > 0 && all}
                  ref={(box) => {
                    if (box) box.indeterminate = ticked.length > 0 && !all;
                  }}
                  onChange={(event) => setSelected(new Set(event.target.checked ? lines.map((line) => line.id) : []))}
                />
              </th>
              <th scope="col" className="px-3 py-3">
                Product
              </th>
              <th scope="col" className="px-3 py-3">
                Price
              </th>
              <th scope="col" className="hidden px-3 py-3 text-right sm:table-cell">
                Stock
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {lines.map((line) => {
              const status = productStatus(line.status);
              const checked = selected.has(line.id);
              return (
                <tr key={line.id} className={cn(checked && 'bg-brand-50')} data-testid="product-row">
                  <td className="px-3 py-3 align-middle">
                    <input
                      type="checkbox"
                      aria-label={`Select ${line.name}`}
                      className="size-4 accent-brand-700"
                      checked={checked}
                      onChange={(event) => toggle(line.id, event.target.checked)}
                    />
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex items-center gap-3">
                      <LinePicture url={line.image_url} />
                      <div className="min-w-0">
                        <Link
                          href={editProductPath(line.id)}
                          className="font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                        >
                          {line.name}
                        </Link>
                        <p className="text-xs text-neutral-600" data-testid="product-sku">
                          {lineSku(line)}
                        </p>
                        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-neutral-600">
                          <StatusBadge label={status.label} tone={status.tone} />
                          {line.listed ? 'Listed' : 'Not listed'}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-3 tabular-nums" data-testid="product-price">
                    <LinePrice line={line} currency={currency} />
                    {line.variation_count === 0 && line.sale_price_cents !== null ? (
                      <span className="block text-xs text-neutral-500">
                        <span className="sr-only">was </span>
                        <s>{formatMoney(line.price_cents, currency)}</s>
                      </span>
                    ) : null}
                    {/* Phones have no stock column: the stock goes under the price. */}
                    <span
                      className={cn('mt-1 block text-xs sm:hidden', line.available_stock === 0 ? 'font-medium text-sale' : 'text-neutral-600')}
                    >
                      {line.available_stock === 0 ? 'Out of stock' : `${line.available_stock} in stock`}
                    </span>
                  </td>
                  <td
                    className={cn(
                      'hidden px-3 py-3 text-right tabular-nums sm:table-cell',
                      line.available_stock === 0 && 'font-medium text-sale',
                    )}
                    data-testid="product-stock"
                  >
                    {line.available_stock === 0 ? 'Out of stock' : line.available_stock}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** What customers pay: one price, or the lowest and highest over the variations (each amount on one line). */
function LinePrice({ line, currency }: { line: VendorProductLine; currency: CurrencyFormat }) {
  const low = <span className="whitespace-nowrap">{formatMoney(line.min_price_cents, currency)}</span>;
  if (line.max_price_cents <= line.min_price_cents) return low;
  return (
    <>
      {low}
      {' – '}
      <span className="whitespace-nowrap">{formatMoney(line.max_price_cents, currency)}</span>
    </>
  );
}

function LinePicture({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-400">
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  // The name next to it says what it is: the picture is decoration here.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt="" loading="lazy" className="size-12 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-cover" />;
}
