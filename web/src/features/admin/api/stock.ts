import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { pageFromParam } from '@/lib/page-param';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import { adminProductsKey } from '@/features/admin/api/products';
import { movementReason } from '@/features/inventory/lib/inventory-list';

/**
 * Every store's stock, for admins: the levels that are low or out (GET /api/v1/admin/stock), the
 * stock movements (GET …/stock/movements) and a level set by hand with a reason (PUT …/stock/level).
 */

export type AdminStockLevel = Schema<'AdminStockLevel'>;
export type AdminStockList = Schema<'AdminStockList'>;
export type AdminStockMovement = Schema<'AdminStockMovement'>;
export type AdminMovementList = Schema<'AdminMovementList'>;
export type StockAdjustment = Schema<'StockAdjustment'>;
export type StockAdjusted = Schema<'StockAdjusted'>;

export const STOCK_PATH = '/admin/stock-management/';
export const STOCK_PAGE_SIZE = ADMIN_PAGE_SIZE;

export const STOCK_TABS = [
  { value: 'levels', label: 'Levels' },
  { value: 'movements', label: 'Movements' },
] as const;
export type StockTab = (typeof STOCK_TABS)[number]['value'];

/** The levels' filter; `low` (the API's default) takes in what is out of stock too. */
export const STOCK_STATES = [
  { value: 'low', label: 'Low or out' },
  { value: 'out', label: 'Out of stock' },
  { value: 'all', label: 'All' },
] as const;
export type StockState = (typeof STOCK_STATES)[number]['value'];

/** The page's state, as the URL keeps it (STYLE.md "Lists"); '' is "any". */
export interface StockFilters {
  tab: StockTab;
  /** The levels' search: text in a product's name, or an exact SKU. */
  q: string;
  /** A store's id, for either tab. */
  vendor: string;
  state: StockState;
  /** One product's id: the movements of that product only. */
  product: string;
  page: number;
}

export const NO_STOCK_FILTERS: StockFilters = { tab: 'levels', q: '', vendor: '', state: 'low', product: '', page: 1 };

export function stockTabFrom(value: string | null | undefined): StockTab {
  return STOCK_TABS.find((tab) => tab.value === value)?.value ?? 'levels';
}

export function stockStateFrom(value: string | null | undefined): StockState {
  return STOCK_STATES.find((state) => state.value === value)?.value ?? 'low';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the URL, or '' (anything else would only be refused by the API). */
function idFrom(value: string | null | undefined): string {
  const id = (value ?? '').trim();
  return UUID.test(id) ? id.toLowerCase() : '';
}

/**
 * /admin/stock-management/?q=…&vendor_id=…&state=out|all&page=N for the levels, and
 * ?tab=movements&vendor_id=…&product_id=…&page=N for the movements; anything unknown is left out.
 */
export function stockFiltersFrom(params: { get(name: string): string | null } | null): StockFilters {
  return {
    tab: stockTabFrom(params?.get('tab')),
    q: (params?.get('q') ?? '').trim(),
    vendor: idFrom(params?.get('vendor_id')),
    state: stockStateFrom(params?.get('state')),
    product: idFrom(params?.get('product_id')),
    page: pageFromParam(params?.get('page')),
  };
}

/** The page's address for `filters`: only the open tab's filters, defaults left out. */
export function stockHref(filters: StockFilters): string {
  const query = new URLSearchParams();
  if (filters.tab === 'movements') {
    query.set('tab', 'movements');
    if (filters.vendor) query.set('vendor_id', filters.vendor);
    if (filters.product) query.set('product_id', filters.product);
  } else {
    if (filters.q) query.set('q', filters.q);
    if (filters.vendor) query.set('vendor_id', filters.vendor);
    if (filters.state !== 'low') query.set('state', filters.state);
  }
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${STOCK_PATH}?${text}` : STOCK_PATH;
}

/** One product's movements: where a level's "History" leads. */
export function productMovementsHref(productId: string): string {
  return stockHref({ ...NO_STOCK_FILTERS, tab: 'movements', product: productId });
}

const ROOT = ['admin', 'stock'] as const;

/** Every cached stock list; a change invalidates through it. */
export const adminStockKey = ROOT;

export function stockLevelsQueryOptions({ q, vendor, state, page }: Pick<StockFilters, 'q' | 'vendor' | 'state' | 'page'>) {
  return queryOptions({
    queryKey: [...ROOT, 'levels', { q, vendor, state, page }] as const,
    queryFn: ({ signal }): Promise<AdminStockList> =>
      api.get('/api/v1/admin/stock', {
        query: { q: q || undefined, vendor_id: vendor || undefined, state, page, per_page: STOCK_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminStockLevels(filters: StockFilters) {
  return useQuery({ ...stockLevelsQueryOptions(filters), placeholderData: keepPreviousData });
}

export function stockMovementsQueryOptions({ vendor, product, page }: Pick<StockFilters, 'vendor' | 'product' | 'page'>) {
  return queryOptions({
    queryKey: [...ROOT, 'movements', { vendor, product, page }] as const,
    queryFn: ({ signal }): Promise<AdminMovementList> =>
      api.get('/api/v1/admin/stock/movements', {
        query: {
          vendor_id: vendor || undefined,
          product_id: product || undefined,
          page,
          per_page: STOCK_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminStockMovements(filters: StockFilters) {
  return useQuery({ ...stockMovementsQueryOptions(filters), placeholderData: keepPreviousData });
}

/**
 * Sets one level by hand. Afterwards (a 409 too: the level may not be what the admin saw) the
 * stock lists and the admin's product lists (they show stock) are read again, without waiting:
 * the dialog closes at once, and the row may then leave a "low" list.
 */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustment): Promise<StockAdjusted> => api.put('/api/v1/admin/stock/level', { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ROOT });
      void queryClient.invalidateQueries({ queryKey: adminProductsKey });
    },
  });
}

/** Why stock moved, in words: the same words as the vendor's inventory. */
export const movementReasonText = movementReason;
