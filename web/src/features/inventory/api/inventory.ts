import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import { uploadFile } from '@/lib/api/upload';
import { useSession } from '@/lib/auth/use-session';
import type {
  LevelChange,
  StockImportReport,
  StockLevelList,
  StockMovementList,
  ThresholdChange,
} from '@/features/inventory/api/inventory-types';

/**
 * The signed-in vendor's stock: GET /api/v1/vendor/inventory (levels, lowest first, searched and
 * filtered to the low ones, a page at a time), PUT /level and /threshold for inline changes, GET
 * /movements for the stock history, GET /export (CSV) and POST /import (CSV, dry run first).
 */

export const STOCK_LEVELS_PER_PAGE = 20;
export const STOCK_MOVEMENTS_PER_PAGE = 20;

/** Everything cached of the vendor's stock; every change invalidates through it. */
export function inventoryKey(userId: string) {
  return ['vendor-inventory', userId] as const;
}

export interface StockLevelFilters {
  q: string;
  /** Only the levels at or below their threshold. */
  low: boolean;
  page: number;
}

export function stockLevelsQueryOptions(userId: string, filters: StockLevelFilters) {
  return queryOptions({
    queryKey: [...inventoryKey(userId), 'levels', filters] as const,
    queryFn: ({ signal }): Promise<StockLevelList> =>
      api.get('/api/v1/vendor/inventory', {
        query: {
          q: filters.q.trim() || undefined,
          low: filters.low ? 'true' : undefined,
          page: filters.page,
          per_page: STOCK_LEVELS_PER_PAGE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useStockLevels(filters: StockLevelFilters) {
  const { user } = useSession();
  return useQuery({
    ...stockLevelsQueryOptions(user?.id ?? '', filters),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

export interface StockMovementFilters {
  /** Only this product's movements; null: the whole store's. */
  productId: string | null;
  page: number;
}

export function stockMovementsQueryOptions(userId: string, filters: StockMovementFilters) {
  return queryOptions({
    queryKey: [...inventoryKey(userId), 'movements', filters] as const,
    queryFn: ({ signal }): Promise<StockMovementList> =>
      api.get('/api/v1/vendor/inventory/movements', {
        query: {
          product_id: filters.productId ?? undefined,
          page: filters.page,
          per_page: STOCK_MOVEMENTS_PER_PAGE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useStockMovements(filters: StockMovementFilters) {
  const { user } = useSession();
  return useQuery({
    ...stockMovementsQueryOptions(user?.id ?? '', filters),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

/** Reads the levels and the history again after a change (both move together). */
function useInvalidateInventory() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return () => queryClient.invalidateQueries({ queryKey: inventoryKey(userId) });
}

/** Sets one level by hand (recorded as a manual movement). */
export function useSetStock() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (change: LevelChange): Promise<void> => api.put('/api/v1/vendor/inventory/level', { body: change }),
    onSuccess: invalidate,
  });
}

/** Sets a product's low-stock threshold (shared by its variations). */
export function useSetThreshold() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (change: ThresholdChange): Promise<void> =>
      api.put('/api/v1/vendor/inventory/threshold', { body: change }),
    onSuccess: invalidate,
  });
}

export const STOCK_EXPORT_FILENAME = 'stock.csv';

/** Saves the store's levels as stock.csv (`sku,quantity`). */
export function exportStock(): Promise<void> {
  return downloadFile('/api/v1/vendor/inventory/export', STOCK_EXPORT_FILENAME);
}

/**
 * Sends a stock CSV (the file is the body, as text/csv whatever type the browser gave it): a dry
 * run reports each row and writes nothing; otherwise the levels are written unless a row is
 * rejected (all or nothing), and everything cached of the stock is read again.
 */
export function useImportStock() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }): Promise<StockImportReport> =>
      uploadFile('/api/v1/vendor/inventory/import', file.slice(0, file.size, 'text/csv'), {
        query: { dry_run: dryRun ? 'true' : 'false' },
      }),
    onSuccess: (report) => (report.applied ? invalidate() : undefined),
  });
}
