'use client';

import { Suspense, useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ChevronDown, ExternalLink, Pencil, Star } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm } from '@/components/area/list-controls';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { productPath } from '@/lib/paths';
import { formatDateTime } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { productStatus } from '@/features/products/lib/product-status';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import {
  adminEditProductPath,
  FEATURED_FILTERS,
  NO_PRODUCT_FILTERS,
  PENDING_REVIEW,
  PRODUCT_STATUS_FILTERS,
  productFiltersFrom,
  productsHref,
  STOCK_FILTERS,
  totalText,
  useAdminProducts,
  useFeatureProduct,
  useProductCount,
  useProductHistory,
  useReviewProduct,
  type AdminProduct,
  type AuditEntry,
  type ListTotal,
  type ProductFilters,
} from '@/features/admin/api/products';
import { ClearFiltersLink, FilterOptions, FilterSelect, StoreSelect } from '@/features/admin/components/admin-filters';
import { ProductBulkBar } from '@/features/admin/components/product-bulk-bar';
import { RejectProductDialog } from '@/features/admin/components/product-review-dialog';
import { ProductThumbnail } from '@/features/admin/components/product-thumbnail';
import { pagesFor } from '@/features/admin/lib/list-total';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/products/?q=…&vendor_id=…&status=…&stock=…&featured=…&page=N: every store's products,
 * filtered on the server (the filters live in the URL), with the review queue (approve, or reject
 * with a reason), the featured star, the editor of each store's product, and the same changes for
 * many products at once. `actions` go in the page's header (the route adds import and export there).
 */
export function AdminProductsPage({ actions }: { actions?: ReactNode }) {
  return (
    <Suspense fallback={<PageSkeleton label="Loading products" />}>
      <FromLocation actions={actions} />
    </Suspense>
  );
}

function FromLocation({ actions }: { actions?: ReactNode }) {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading products" />;
  return <ProductsList filters={productFiltersFrom(searchParams)} actions={actions} />;
}

/** "1 product", "20 products", "More than 500 products". */
export function productCountText(total: ListTotal): string {
  if (total.capped) return `More than ${total.count} products`;
  return total.count === 1 ? '1 product' : `${total.count} products`;
}

function ProductsList({ filters, actions }: { filters: ProductFilters; actions?: ReactNode }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminProducts(filters);
  const go = (next: Partial<ProductFilters>) =>
    router.replace(productsHref({ ...filters, page: 1, ...next }), { scroll: false });
  const filtered = productsHref({ ...filters, page: 1 }) !== productsHref(NO_PRODUCT_FILTERS);

  return (
    <>
      <PageHeader
        title="Products"
        description="Every store's products: approve what waits for review, choose what is featured, and edit any store's product."
        actions={actions}
      />
      <div className="flex flex-col gap-4">
        <ReviewTabs filters={filters} />
        <div className="flex flex-col gap-3">
          <SearchForm
            key={filters.q}
            label="Search products"
            placeholder="Name, address or SKU"
            initial={filters.q}
            onSearch={(q) => go({ q })}
          />
          <Filters filters={filters} onChange={go} />
          {filtered ? <ClearFiltersLink href={productsHref(NO_PRODUCT_FILTERS)} /> : null}
        </div>
        {isPending ? (
          <ListSkeleton label="Loading products" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.products.length === 0 ? (
          <NoProducts filters={filters} />
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="product-count">
              {productCountText(data.total)}
            </p>
            <ProductTable products={data.products} updating={isFetching} />
            <Pagination
              page={filters.page}
              pageCount={pagesFor(data.total, filters.page, data.products.length, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => productsHref({ ...filters, page })}
              label="Product pages"
            />
          </>
        )}
      </div>
    </>
  );
}

/** "All products" and the review queue with how many wait in it, as tabs of links. */
function ReviewTabs({ filters }: { filters: ProductFilters }) {
  const waiting = useProductCount(PENDING_REVIEW);
  const tabs = [
    { key: 'all', label: 'All products', href: productsHref(NO_PRODUCT_FILTERS), current: !filters.status, count: null },
    {
      key: 'review',
      label: 'Waiting for review',
      href: productsHref({ ...NO_PRODUCT_FILTERS, status: PENDING_REVIEW }),
      current: filters.status === PENDING_REVIEW,
      count: waiting.data ? totalText(waiting.data) : null,
    },
  ];
  return (
    <nav aria-label="Review queue" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 border-b border-neutral-200">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              scroll={false}
              className={cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                tab.current ? 'border-brand-700 text-brand-700' : 'border-transparent text-neutral-600 hover:text-neutral-900',
              )}
              data-testid={`products-tab-${tab.key}`}
            >
              {tab.label}
              {tab.count !== null ? ' ' : null}
              {tab.count !== null ? (
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                    tab.count === '0' ? 'bg-neutral-100 text-neutral-600' : 'bg-brand-700 text-white',
                  )}
                  data-testid="review-count"
                >
                  {tab.count}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The store, status, stock and featured filters; each choice goes to the URL at once. */
function Filters({ filters, onChange }: { filters: ProductFilters; onChange: (next: Partial<ProductFilters>) => void }) {
  return (
    <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StoreSelect value={filters.vendor} onChange={(vendor) => onChange({ vendor })} />
      <FilterSelect label="Status" value={filters.status} onChange={(status) => onChange({ status })}>
        <FilterOptions options={PRODUCT_STATUS_FILTERS} />
      </FilterSelect>
      <FilterSelect label="Stock" value={filters.stock} onChange={(stock) => onChange({ stock })}>
        <FilterOptions options={STOCK_FILTERS} />
      </FilterSelect>
      <FilterSelect label="Featured" value={filters.featured} onChange={(featured) => onChange({ featured })}>
        <FilterOptions options={FEATURED_FILTERS} />
      </FilterSelect>
    </div>
  );
}

function NoProducts({ filters }: { filters: ProductFilters }) {
  const onlyQueue = productsHref(filters) === productsHref({ ...NO_PRODUCT_FILTERS, status: PENDING_REVIEW });
  if (onlyQueue) {
    return (
      <EmptyState title="Nothing waits for review">
        <p className="text-neutral-600">Every product a vendor asked to sell has been decided.</p>
      </EmptyState>
    );
  }
  if (productsHref(filters) === productsHref(NO_PRODUCT_FILTERS)) {
    return (
      <EmptyState title="No products yet">
        <p className="text-neutral-600">Products appear here as soon as a store adds them.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No products match">
      <p className="text-neutral-600">{filters.q ? `Nothing matches “${filters.q}” with these filters.` : 'No product has all of these.'}</p>
      <Link href={productsHref(NO_PRODUCT_FILTERS)} className={LINK}>
        Show all products
      </Link>
    </EmptyState>
  );
}

const HEAD = 'px-3 py-3';

/**
 * The page's products, each with a box to select it for the bulk bar above them. Only rows of
 * this page count as selected (a row may have left the list after a change).
 */
function ProductTable({ products, updating }: { products: AdminProduct[]; updating: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const ticked = products.filter((product) => selected.has(product.id));
  const all = ticked.length === products.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-3">
      <ProductBulkBar
        selected={ticked}
        onApplied={() => setSelected(new Set())}
        onUntick={(ids) => setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))))}
      />
      <ScrollTable label="Products" className="rounded-xl border border-neutral-200 bg-white">
        <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
          <caption className="sr-only">Products</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  className="size-4 accent-brand-700"
                  checked={all}
                  ref={(box) => {
                    if (box) box.indeterminate = ticked.length > 0 && !all;
                  }}
                  onChange={(event) => setSelected(new Set(event.target.checked ? products.map((product) => product.id) : []))}
                />
              </th>
              <th scope="col" className={HEAD}>
                Product
              </th>
              <th scope="col" className={HEAD}>
                Status
              </th>
              <th scope="col" className={cn(HEAD, 'text-right')}>
                Price
              </th>
              <th scope="col" className={cn(HEAD, 'text-right')}>
                Stock
              </th>
              <th scope="col" className={cn(HEAD, 'text-center')}>
                Featured
              </th>
              <th scope="col" className={HEAD}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {products.map((product) => (
            <ProductRows
              key={product.id}
              product={product}
              selected={selected.has(product.id)}
              onSelect={(on) => toggle(product.id, on)}
            />
          ))}
        </table>
      </ScrollTable>
    </div>
  );
}

/** One product's row, and under it, when opened, what admins did to it. */
function ProductRows({
  product,
  selected,
  onSelect,
}: {
  product: AdminProduct;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const status = productStatus(product.status);
  return (
    <tbody className="border-b border-neutral-200 last:border-b-0" data-testid="admin-product" data-status={product.status}>
      <tr className={cn(selected && 'bg-brand-50')}>
        <td className="px-3 py-3 align-middle">
          <input
            type="checkbox"
            aria-label={`Select ${product.name}`}
            className="size-4 accent-brand-700"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
        <td className="px-3 py-3">
          <div className="flex items-center gap-3">
            <ProductThumbnail url={product.image_url} />
            <div className="min-w-0">
              <a
                href={productPath(product.slug)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                data-testid="product-name"
              >
                {product.name}
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-neutral-500" />
                <span className="sr-only">{' (opens in a new tab)'}</span>
              </a>
              <p className="text-xs text-neutral-600" data-testid="product-store">
                {product.vendor_name ?? 'Sold by the platform'}
                {product.sku ? ` · ${product.sku}` : null}
              </p>
            </div>
          </div>
        </td>
        <td className="px-3 py-3">
          <StatusBadge label={status.label} tone={status.tone} />
          {product.status === 'active' && !product.listed ? (
            <span className="mt-1 block text-xs text-neutral-600">Not on sale now</span>
          ) : null}
          {product.review_note ? (
            <span className="mt-1 block max-w-56 text-xs text-neutral-600" data-testid="review-note">
              Sent back: {product.review_note}
            </span>
          ) : null}
        </td>
        <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums" data-testid="product-price">
          {formatMoney(product.price_cents)}
        </td>
        <td className="px-3 py-3 text-right" data-testid="product-stock">
          <StockCell product={product} />
        </td>
        <td className="px-3 py-3 text-center">
          <FeaturedToggle product={product} />
        </td>
        <td className="px-3 py-3">
          <div className="flex flex-wrap justify-end gap-2">
            {product.status === PENDING_REVIEW ? <ReviewButtons product={product} /> : null}
            {/* The platform's own products have no store, so no editor. */}
            {product.vendor_id !== null ? (
              <Link
                href={adminEditProductPath(product.id)}
                aria-label={`Edit ${product.name}`}
                className="inline-flex h-9 items-center gap-1.5 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
                data-testid="edit-product"
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Link>
            ) : null}
            <Button
              variant="secondary"
              className="h-9 px-3"
              aria-expanded={open}
              aria-controls={historyId}
              aria-label={`History of ${product.name}`}
              onClick={() => setOpen((value) => !value)}
            >
              History
              <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
            </Button>
          </div>
        </td>
      </tr>
      <tr id={historyId} hidden={!open}>
        <td colSpan={7} className="bg-neutral-50 px-4 py-3">
          {open ? <ProductHistory product={product} /> : null}
        </td>
      </tr>
    </tbody>
  );
}

export function stockLook(product: Pick<AdminProduct, 'available_stock' | 'low_stock_threshold'>) {
  if (product.available_stock <= 0) return { label: 'Out of stock', tone: 'danger' as const };
  if (product.available_stock <= product.low_stock_threshold) return { label: 'Low stock', tone: 'warning' as const };
  return null;
}

function StockCell({ product }: { product: AdminProduct }) {
  const look = stockLook(product);
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <span className="tabular-nums">{product.available_stock}</span>
      {look ? <StatusBadge label={look.label} tone={look.tone} /> : null}
    </span>
  );
}

/** The star: features or unfeatures the product, with the version this row was read at. */
function FeaturedToggle({ product }: { product: AdminProduct }) {
  const feature = useFeatureProduct(product);
  const toggle = () =>
    feature.mutate(!product.featured, {
      onSuccess: (answer) => toast.success(answer.featured ? `${product.name} is featured` : `${product.name} is no longer featured`),
      onError: (error) => {
        const stale = error instanceof ApiError && error.status === 409;
        toast.error(stale ? 'Not changed' : 'Error', {
          description: errorMessage(error, 'The product could not be changed. Please try again.'),
        });
      },
    });
  return (
    <IconButton
      label={`Feature ${product.name}`}
      aria-pressed={product.featured}
      disabled={feature.isPending}
      onClick={toggle}
      title={product.featured ? 'Featured: click to unfeature' : 'Not featured: click to feature'}
      className={cn(product.featured && 'border-amber-300 bg-amber-50 hover:bg-amber-100')}
      data-testid="featured-toggle"
    >
      <Star
        aria-hidden="true"
        className={cn('size-4', product.featured ? 'fill-amber-400 text-amber-500' : 'text-neutral-400')}
      />
    </IconButton>
  );
}

/** Approve (at once) and Reject (with a reason, in a dialog) for a product waiting for review. */
function ReviewButtons({ product }: { product: AdminProduct }) {
  const review = useReviewProduct(product.id);
  const approve = () =>
    review.mutate(
      { approve: true },
      {
        onSuccess: () => toast.success(`${product.name} approved`, { description: 'It is active in its store now.' }),
        onError: (error) =>
          toast.error('Not approved', { description: errorMessage(error, 'The product could not be approved. Please try again.') }),
      },
    );
  return (
    <>
      <Button
        className="h-9"
        disabled={review.isPending}
        onClick={approve}
        aria-label={`Approve ${product.name}`}
        data-testid="approve-product"
      >
        Approve
      </Button>
      <RejectProductDialog product={product} review={review} />
    </>
  );
}

const ACTIONS: Record<string, string> = {
  'product.edit': 'Edited',
  'product.approve': 'Approved',
  'product.reject': 'Sent back to draft',
  'product.feature': 'Featured',
  'product.unfeature': 'Unfeatured',
};

/** An audit entry's action in words ("Approved"), or the action itself when it is new to the site. */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

function ProductHistory({ product }: { product: AdminProduct }) {
  const history = useProductHistory(product.id, true);
  if (history.isPending) {
    return (
      <p role="status" className="text-sm text-neutral-600">
        Loading history…
      </p>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-neutral-700">
        {errorMessage(history.error)}
        <Button variant="secondary" className="h-8" onClick={() => void history.refetch()} disabled={history.isFetching}>
          Try again
        </Button>
      </p>
    );
  }
  if (history.data.length === 0) {
    return <p className="text-sm text-neutral-600">No admin has reviewed, edited or featured this product yet.</p>;
  }
  return (
    <ol aria-label={`History of ${product.name}`} className="flex flex-col gap-2 text-sm" data-testid="product-history">
      {history.data.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const details = entry.details as Record<string, unknown>;
  const reason = typeof details.reason === 'string' ? details.reason : null;
  return (
    <li>
      <span className="font-medium text-neutral-900">{actionLabel(entry.action)}</span>
      <span className="text-neutral-600">
        {' '}
        by {entry.actor_email} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </span>
      {reason ? <p className="mt-0.5 whitespace-pre-line text-neutral-700">“{reason}”</p> : null}
    </li>
  );
}
