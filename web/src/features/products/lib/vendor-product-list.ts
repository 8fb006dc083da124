import { pageFromParam } from '@/lib/page-param';
import type { VendorProductLine, VendorProductSort } from '@/features/products/api/vendor-product-types';
import type { VendorProductFilters } from '@/features/products/api/vendor-products';
import { isProductStatus } from '@/features/products/lib/product-status';

/**
 * The vendor's product list keeps its state in the URL (STYLE.md "Lists"):
 * /vendor/products/?q=…&status=…&sort=…&page=N. The defaults (every status but archived, most
 * recently updated first, page 1) are left out.
 */

export const VENDOR_PRODUCTS_PATH = '/vendor/products/';
export const NEW_PRODUCT_PATH = '/vendor/products/new/';

/** The editor of one product (exported once as /vendor/products/_/edit/; the page reads the id from the location). */
export function editProductPath(id: string): string {
  return `/vendor/products/${encodeURIComponent(id)}/edit/`;
}

export const SORTS: readonly { value: VendorProductSort; label: string }[] = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'stock-asc', label: 'Stock: lowest first' },
];

/** The status tabs; `all` is every status but archived. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'pending_review', label: 'Waiting for review' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'archived', label: 'Archived' },
] as const;

export function listFiltersFrom(params: { get(name: string): string | null } | null): VendorProductFilters {
  const status = params?.get('status');
  const sort = params?.get('sort');
  return {
    q: (params?.get('q') ?? '').trim(),
    status: isProductStatus(status) ? status : null,
    sort: SORTS.find((option) => option.value === sort)?.value ?? 'updated',
    page: pageFromParam(params?.get('page')),
  };
}

export function productListHref(filters: VendorProductFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  if (filters.sort !== 'updated') query.set('sort', filters.sort);
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${VENDOR_PRODUCTS_PATH}?${text}` : VENDOR_PRODUCTS_PATH;
}

/** The line's SKU, or how many variations it has. */
export function lineSku(line: Pick<VendorProductLine, 'sku' | 'variation_count'>): string {
  if (line.variation_count > 0) return line.variation_count === 1 ? '1 variation' : `${line.variation_count} variations`;
  return line.sku ?? 'No SKU';
}
