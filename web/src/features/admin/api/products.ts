import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import type { AdminVendorList } from '@/lib/selling/types';
import { pageFromParam } from '@/lib/page-param';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import { adminDashboardKey } from '@/features/admin/api/dashboard';
import { adminVendorsKey } from '@/features/admin/api/vendors';

/**
 * Every store's products, for admins: GET /api/v1/admin/products (filtered, searched, paged), the
 * review queue's decisions (POST …/{id}/review), featuring (PUT …/{id}/featured, with the version
 * the admin saw), what admins did to one (GET …/{id}/history), the editor with admin powers
 * (GET and PUT …/{id}, with the store's images from GET /api/v1/admin/media) and changes to many
 * at once, all or nothing (POST …/bulk).
 */

export type AdminProduct = Schema<'AdminProductView'>;
export type AdminProductList = Schema<'AdminProductList'>;
export type ListTotal = Schema<'ListTotal'>;
export type AuditEntry = Schema<'AuditEntry'>;
/** A store's product in the editor: the vendor editor's product, with its store. */
export type AdminEditedProduct = Schema<'AdminEditedProduct'>;
export type ProductForm = Schema<'ProductForm'>;
export type AdminMediaItem = Schema<'AdminMediaItem'>;
export type AdminMediaList = Schema<'AdminMediaList'>;
export type BulkResult = Schema<'BulkResult'>;
export type BulkRow = Schema<'BulkRow'>;

export const PRODUCTS_PATH = '/admin/products/';

/** The editor of one store's product (exported once as /admin/products/_/edit/; the page reads the id from the location). */
export function adminEditProductPath(id: string): string {
  return `${PRODUCTS_PATH}${encodeURIComponent(id)}/edit/`;
}

/** The status that waits for an admin's decision. */
export const PENDING_REVIEW = 'pending_review';

export const PRODUCT_STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: PENDING_REVIEW, label: 'Waiting for review' },
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'archived', label: 'Archived' },
] as const;

export const STOCK_FILTERS = [
  { value: '', label: 'Any stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
] as const;

export const FEATURED_FILTERS = [
  { value: '', label: 'Featured or not' },
  { value: 'true', label: 'Featured only' },
  { value: 'false', label: 'Not featured' },
] as const;

/** The list's state, as the URL keeps it (STYLE.md "Lists"); '' is "any". */
export interface ProductFilters {
  q: string;
  /** A store's id. */
  vendor: string;
  status: string;
  stock: string;
  featured: string;
  page: number;
}

export const NO_PRODUCT_FILTERS: ProductFilters = { q: '', vendor: '', status: '', stock: '', featured: '', page: 1 };

function oneOf(value: string | null | undefined, options: readonly { value: string }[]): string {
  return options.some((option) => option.value === value) ? (value as string) : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/products/?q=…&vendor_id=…&status=…&stock=…&featured=…&page=N; anything unknown is left out. */
export function productFiltersFrom(params: { get(name: string): string | null } | null): ProductFilters {
  const vendor = (params?.get('vendor_id') ?? '').trim();
  return {
    q: (params?.get('q') ?? '').trim(),
    vendor: UUID.test(vendor) ? vendor : '',
    status: oneOf(params?.get('status'), PRODUCT_STATUS_FILTERS),
    stock: oneOf(params?.get('stock'), STOCK_FILTERS),
    featured: oneOf(params?.get('featured'), FEATURED_FILTERS),
    page: pageFromParam(params?.get('page')),
  };
}

/** The list's address for `filters` (empty filters and page 1 are left out). */
export function productsHref(filters: ProductFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.vendor) query.set('vendor_id', filters.vendor);
  if (filters.status) query.set('status', filters.status);
  if (filters.stock) query.set('stock', filters.stock);
  if (filters.featured) query.set('featured', filters.featured);
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${PRODUCTS_PATH}?${text}` : PRODUCTS_PATH;
}

const ROOT = ['admin', 'products'] as const;

/** Every cached admin product list, count and history; changes invalidate through it. */
export const adminProductsKey = ROOT;

function listQuery(filters: ProductFilters, perPage: number) {
  return {
    q: filters.q || undefined,
    vendor_id: filters.vendor || undefined,
    status: filters.status || undefined,
    stock: filters.stock || undefined,
    featured: filters.featured === '' ? undefined : filters.featured === 'true',
    page: filters.page,
    per_page: perPage,
  };
}

export function adminProductsQueryOptions(filters: ProductFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminProductList> =>
      api.get('/api/v1/admin/products', { query: listQuery(filters, ADMIN_PAGE_SIZE), signal }),
    staleTime: 0,
  });
}

export function useAdminProducts(filters: ProductFilters) {
  return useQuery({ ...adminProductsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** How many products have `status` (one row asked for; `total` read). */
export function productCountQueryOptions(status: string) {
  return queryOptions({
    queryKey: [...ROOT, 'count', status] as const,
    queryFn: ({ signal }): Promise<AdminProductList> =>
      api.get('/api/v1/admin/products', {
        query: listQuery({ ...NO_PRODUCT_FILTERS, status }, 1),
        signal,
      }),
    select: (data) => data.total,
    staleTime: 0,
  });
}

export function useProductCount(status: string) {
  return useQuery(productCountQueryOptions(status));
}

/** A total as words can give it: "12", or "500+" when the server stopped counting. */
export function totalText(total: ListTotal): string {
  return total.capped ? `${total.count}+` : String(total.count);
}

export interface StoreChoice {
  id: string;
  name: string;
  /** The store's address, which the product import names it by. */
  slug: string;
}

/** The API's largest page. */
const STORES_PER_PAGE = 100;
/** Enough pages for any marketplace this is meant for; the list stops there rather than loop on. */
const STORE_PAGES_MAX = 10;

async function allStores(signal: AbortSignal): Promise<StoreChoice[]> {
  const stores: StoreChoice[] = [];
  for (let page = 1; page <= STORE_PAGES_MAX; page += 1) {
    const list: AdminVendorList = await api.get('/api/v1/admin/vendors', {
      query: { page, per_page: STORES_PER_PAGE },
      signal,
    });
    stores.push(...list.vendors.map((vendor) => ({ id: vendor.id, name: vendor.store_name, slug: vendor.store_slug })));
    if (list.vendors.length < STORES_PER_PAGE || stores.length >= list.total) break;
  }
  return stores.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every store by name, for the store filter; under the admin's vendor key, so changes to stores read it again. */
export function storeChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...adminVendorsKey, 'product-filter'] as const,
    queryFn: ({ signal }) => allStores(signal),
    staleTime: 60_000,
  });
}

export function useStoreChoices() {
  return useQuery(storeChoicesQueryOptions());
}

export function productHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'history', id] as const,
    queryFn: ({ signal }): Promise<Schema<'AdminProductHistory'>> =>
      api.get('/api/v1/admin/products/{id}/history', { path: { id }, signal }),
    select: (data) => data.audit,
    staleTime: 0,
  });
}

export function useProductHistory(id: string, enabled: boolean) {
  return useQuery({ ...productHistoryQueryOptions(id), enabled });
}

/** After a change: every product list, count and history, and the dashboard's "to review" count. */
function readAgain(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROOT }),
    queryClient.invalidateQueries({ queryKey: adminDashboardKey }),
  ]);
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves a product waiting for review (it goes on sale) or sends it back to draft with a reason
 * the vendor sees. Afterwards (either way: a 409 means it no longer waits) the lists are read again.
 */
export function useReviewProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision): Promise<Schema<'ProductReviewResult'>> =>
      api.post('/api/v1/admin/products/{id}/review', { path: { id }, body: decision }),
    // Not awaited: the decided row leaves the filtered list when it is read again, and a caller's
    // own callbacks (the "approved" toast) only run while the row is still there.
    onSettled: () => {
      void readAgain(queryClient);
    },
  });
}

/**
 * Features or unfeatures a product, sending the version the admin saw: a 409 (`stale`) means it
 * changed meanwhile. On success the cached rows take the new flag and version at once; either way
 * the lists are read again.
 */
export function useFeatureProduct(product: Pick<AdminProduct, 'id' | 'version'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (featured: boolean): Promise<Schema<'Featured'>> =>
      api.put('/api/v1/admin/products/{id}/featured', {
        path: { id: product.id },
        body: { featured, version: product.version },
      }),
    onSuccess: (answer) => {
      queryClient.setQueriesData<AdminProductList>({ queryKey: [...ROOT, 'list'] }, (list) =>
        list
          ? {
              ...list,
              products: list.products.map((row) =>
                row.id === product.id ? { ...row, featured: answer.featured, version: answer.version } : row,
              ),
            }
          : list,
      );
    },
    onSettled: () => readAgain(queryClient),
  });
}

export function editedProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'edited', id] as const,
    queryFn: ({ signal }): Promise<AdminEditedProduct> => api.get('/api/v1/admin/products/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useEditedProduct(id: string) {
  return useQuery(editedProductQueryOptions(id));
}

/**
 * Saves a store's product with the vendor editor's form and the version it was read at; an admin's
 * "active" publishes at once. The answer goes into the cache; the lists, counts, the product's
 * history and the dashboard are read again (the product itself is not: the answer is it).
 */
export function useSaveEditedProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductForm }): Promise<AdminEditedProduct> =>
      api.put('/api/v1/admin/products/{id}', { path: { id }, body }),
    onSuccess: (answer) => {
      const id = answer.product.id;
      queryClient.setQueryData(editedProductQueryOptions(id).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ROOT, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...ROOT, 'count'] }),
        queryClient.invalidateQueries({ queryKey: [...ROOT, 'history', id] }),
        queryClient.invalidateQueries({ queryKey: adminDashboardKey }),
      ]);
    },
  });
}

/** The API's largest page: a store's newest images, enough to pick a product's picture from. */
export const STORE_IMAGES_MAX = 100;

export function storeImagesQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: [...ROOT, 'store-images', vendorId] as const,
    queryFn: ({ signal }): Promise<AdminMediaList> =>
      api.get('/api/v1/admin/media', {
        query: { vendor_id: vendorId, kind: 'image', per_page: STORE_IMAGES_MAX },
        signal,
      }),
    staleTime: 0,
  });
}

/** The store's images (newest first), for the admin editor's picture picker. */
export function useStoreImages(vendorId: string) {
  return useQuery(storeImagesQueryOptions(vendorId));
}

/** What the list does to many products at once (the API's `action`). */
export type BulkProductAction = 'approve' | 'reject' | 'feature' | 'unfeature';

export type BulkProductChange = { ids: string[]; action: BulkProductAction; reason?: string };

/**
 * Approves, rejects (with a reason the vendors see), features or unfeatures many products, all or
 * nothing: an answer with `applied` false changed nothing, and its refused rows say why. Either
 * way the lists are read again (a refusal often means another admin got there first).
 */
export function useChangeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BulkProductChange): Promise<BulkResult> => api.post('/api/v1/admin/products/bulk', { body: change }),
    onSettled: () => readAgain(queryClient),
  });
}
