import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildPath } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import { uploadFile } from '@/lib/api/upload';
import { useSession } from '@/lib/auth/use-session';
import type { ImportFormat, ProductImport, ProductImportList } from '@/features/catalogue-import/api/import-types';

/**
 * Product files in and out, for an admin (every store; /api/v1/admin/…) or a vendor (their own
 * store; /api/v1/vendor/…):
 *
 * - POST …/imports?filename=&format=&vendor= with the file's bytes as the body answers 202 with
 *   the import, being checked (a dry run, run as a job); GET …/imports lists the 20 newest and
 *   GET …/imports/{id} reads one (polled while it runs);
 * - POST …/imports/{id}/confirm imports a checked file, POST …/imports/{id}/discard drops it;
 * - GET …/imports/{id}/report is the latest finished phase's report as CSV;
 * - GET …/products/export?format= is the catalogue (or the vendor's store) as a file.
 */

/** Who is importing: an admin (any store, or none) or a vendor (their own store). */
export type ImportArea = 'admin' | 'vendor';

const API_ROOT: Record<ImportArea, string> = { admin: '/api/v1/admin', vendor: '/api/v1/vendor' };

/** The largest file the API takes. */
export const MAX_IMPORT_BYTES = 150 * 1024 * 1024;

/** How often a running import is read again. */
export const POLL_MS = 1_000;

/** The import page of each area; an import's own view carries its id as `?id=` (the site is a static export). */
export const IMPORT_PATHS: Record<ImportArea, string> = {
  admin: '/admin/import/',
  vendor: '/vendor/products/import/',
};

/** The products list each area's import leads to. */
export const PRODUCTS_PATHS: Record<ImportArea, string> = {
  admin: '/admin/products/',
  vendor: '/vendor/products/',
};

/** The import page, showing the import `id` when given. */
export function importHref(area: ImportArea, id?: string | null): string {
  return id ? `${IMPORT_PATHS[area]}?${new URLSearchParams({ id }).toString()}` : IMPORT_PATHS[area];
}

/** The statuses in which a job is still working on the import. */
export function isRunning(status: string | undefined): boolean {
  return status === 'checking' || status === 'importing';
}

/** Everything cached of an area's imports (per user: another account signed in on the device sees its own). */
export function importsKey(area: ImportArea, userId: string) {
  return ['product-imports', area, userId] as const;
}

export function importListQueryOptions(area: ImportArea, userId: string) {
  return queryOptions({
    queryKey: [...importsKey(area, userId), 'list'] as const,
    queryFn: ({ signal }): Promise<ProductImportList> =>
      area === 'admin' ? api.get('/api/v1/admin/imports', { signal }) : api.get('/api/v1/vendor/imports', { signal }),
    select: (list) => list.imports,
    staleTime: 0,
  });
}

/** The 20 newest imports; read again every few seconds while one of them runs. */
export function useImportList(area: ImportArea) {
  const { user } = useSession();
  return useQuery({
    ...importListQueryOptions(area, user?.id ?? ''),
    enabled: user !== null,
    refetchInterval: (query) => (query.state.data?.imports.some((item) => isRunning(item.status)) ? 3 * POLL_MS : false),
  });
}

export function importQueryOptions(area: ImportArea, userId: string, id: string) {
  return queryOptions({
    queryKey: [...importsKey(area, userId), 'import', id] as const,
    queryFn: ({ signal }): Promise<ProductImport> =>
      area === 'admin'
        ? api.get('/api/v1/admin/imports/{id}', { path: { id }, signal })
        : api.get('/api/v1/vendor/imports/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

/** One import, read again every second while it is being checked or imported. */
export function useProductImport(area: ImportArea, id: string | null) {
  const { user } = useSession();
  return useQuery({
    ...importQueryOptions(area, user?.id ?? '', id ?? ''),
    enabled: user !== null && id !== null,
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? POLL_MS : false),
  });
}

export interface NewImport {
  file: File;
  /** Absent: the API recognises the format from the file. */
  format: ImportFormat | null;
  /** A store's slug that owns every product (admins only); absent: the store the file names, if any. */
  vendor: string | null;
}

/** Puts an answered import in the cache and reads the list again. */
function useKeepImport(area: ImportArea) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return (item: ProductImport) => {
    queryClient.setQueryData(importQueryOptions(area, userId, item.id).queryKey, item);
    void queryClient.invalidateQueries({ queryKey: importListQueryOptions(area, userId).queryKey });
  };
}

/**
 * Uploads a product file (its bytes as the body, sent as application/octet-stream whatever type
 * the browser gave it; the typed client sends JSON only); the API answers the import, being
 * checked.
 */
export function useStartImport(area: ImportArea) {
  const keep = useKeepImport(area);
  return useMutation({
    mutationFn: ({ file, format, vendor }: NewImport): Promise<ProductImport> =>
      uploadFile(`${API_ROOT[area]}/imports`, file.slice(0, file.size, 'application/octet-stream'), {
        query: {
          filename: file.name,
          format: format ?? undefined,
          vendor: area === 'admin' && vendor ? vendor : undefined,
        },
      }),
    onSuccess: keep,
  });
}

/** Imports a checked file (409 `not_checked` otherwise); the API answers the import, being imported. */
export function useConfirmImport(area: ImportArea) {
  const keep = useKeepImport(area);
  return useMutation({
    mutationFn: (id: string): Promise<ProductImport> =>
      area === 'admin'
        ? api.post('/api/v1/admin/imports/{id}/confirm', { path: { id } })
        : api.post('/api/v1/vendor/imports/{id}/confirm', { path: { id } }),
    onSuccess: keep,
  });
}

/** Drops a checked or failed import without writing anything. */
export function useDiscardImport(area: ImportArea) {
  const keep = useKeepImport(area);
  return useMutation({
    mutationFn: (id: string): Promise<ProductImport> =>
      area === 'admin'
        ? api.post('/api/v1/admin/imports/{id}/discard', { path: { id } })
        : api.post('/api/v1/vendor/imports/{id}/discard', { path: { id } }),
    onSuccess: keep,
  });
}

export const REPORT_FILENAME = 'import-report.csv';

/** Saves the latest finished phase's report of an import (`row,product,outcome,field,reason`). */
export function downloadImportReport(area: ImportArea, id: string): Promise<void> {
  return downloadFile(buildPath(`${API_ROOT[area]}/imports/{id}/report`, { id }), REPORT_FILENAME);
}

/** The files the catalogue can be exported as, with the name each is saved under. */
export const EXPORT_FORMATS: readonly { format: ImportFormat; label: string; filename: string }[] = [
  { format: 'csv', label: 'CSV', filename: 'products.csv' },
  { format: 'json', label: 'JSON', filename: 'products.json' },
  { format: 'woocommerce', label: 'WooCommerce CSV', filename: 'products-woocommerce.csv' },
  { format: 'shopify', label: 'Shopify CSV', filename: 'products-shopify.csv' },
];

/** A store an admin exports alone (the products list's store filter). */
export interface ExportStore {
  slug: string;
  name: string;
}

/**
 * The export's address: the catalogue (admin; one store's products with `store`) or the vendor's
 * store, in `format`.
 */
export function exportPath(area: ImportArea, format: ImportFormat, store?: ExportStore): string {
  return buildPath(`${API_ROOT[area]}/products/export`, null, { format, vendor: store?.slug });
}

/** The name the file is saved under: one store's file starts with its slug. */
function exportFilename(format: ImportFormat, store?: ExportStore): string {
  const choice = EXPORT_FORMATS.find((option) => option.format === format)!;
  return store ? `${store.slug}-${choice.filename}` : choice.filename;
}

/** Saves the products (one store's with `store`) as a file in `format`. */
export function exportProducts(area: ImportArea, format: ImportFormat, store?: ExportStore): Promise<void> {
  return downloadFile(exportPath(area, format, store), exportFilename(format, store));
}
