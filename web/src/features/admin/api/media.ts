import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { pageFromParam } from '@/lib/page-param';

/**
 * Every store's media library, for admins: GET /api/v1/admin/media (searched, filtered, paged,
 * each item with where it is used) and POST …/remove, which removes items nothing uses, all or
 * nothing: one item in use (or gone) refuses the whole removal, row by row.
 */

export type AdminMediaItem = Schema<'AdminMediaItem'>;
export type AdminMediaList = Schema<'AdminMediaList'>;
export type BulkResult = Schema<'BulkResult'>;
export type BulkRow = Schema<'BulkRow'>;
export type ListTotal = Schema<'ListTotal'>;

export const ADMIN_MEDIA_PATH = '/admin/media/';

/** Items per page: a grid of 2, 3 or 4 columns fills evenly. */
export const MEDIA_PAGE_SIZE = 24;

export const MEDIA_KIND_FILTERS = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Pictures' },
  { value: 'video', label: 'Videos' },
] as const;

/** The list's state, as the URL keeps it (STYLE.md "Lists"); '' is "any". */
export interface MediaFilters {
  /** Text in the file's name or alt text. */
  q: string;
  /** A store's id. */
  vendor: string;
  /** 'image', 'video' or ''. */
  kind: string;
  /** Only what no product, logo or banner uses. */
  unused: boolean;
  page: number;
}

export const NO_MEDIA_FILTERS: MediaFilters = { q: '', vendor: '', kind: '', unused: false, page: 1 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/media/?q=…&vendor_id=…&kind=…&unused=true&page=N; anything unknown is left out. */
export function mediaFiltersFrom(params: { get(name: string): string | null } | null): MediaFilters {
  const vendor = (params?.get('vendor_id') ?? '').trim();
  const kind = params?.get('kind') ?? '';
  return {
    q: (params?.get('q') ?? '').trim(),
    vendor: UUID.test(vendor) ? vendor : '',
    kind: MEDIA_KIND_FILTERS.some((option) => option.value === kind) ? kind : '',
    unused: params?.get('unused') === 'true',
    page: pageFromParam(params?.get('page')),
  };
}

/** The list's address for `filters` (empty filters and page 1 are left out). */
export function adminMediaHref(filters: MediaFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.vendor) query.set('vendor_id', filters.vendor);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.unused) query.set('unused', 'true');
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${ADMIN_MEDIA_PATH}?${text}` : ADMIN_MEDIA_PATH;
}

const ROOT = ['admin', 'media'] as const;

/** Every cached admin media list; a removal invalidates through it. */
export const adminMediaKey = ROOT;

export function adminMediaQueryOptions(filters: MediaFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminMediaList> =>
      api.get('/api/v1/admin/media', {
        query: {
          q: filters.q || undefined,
          vendor_id: filters.vendor || undefined,
          kind: filters.kind || undefined,
          unused: filters.unused ? 'true' : undefined,
          page: filters.page,
          per_page: MEDIA_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminMedia(filters: MediaFilters) {
  return useQuery({ ...adminMediaQueryOptions(filters), placeholderData: keepPreviousData });
}

/** True when no product, logo or banner shows the item, so it can be removed. */
export function isUnused(item: Pick<AdminMediaItem, 'product_uses' | 'store_uses'>): boolean {
  return item.product_uses === 0 && item.store_uses === 0;
}

/** The item's store by name (the name is missing only when the store's record is). */
export function storeNameOf(item: Pick<AdminMediaItem, 'vendor_name'>): string {
  return item.vendor_name ?? 'Unknown store';
}

/**
 * Removes the items with `ids`. Whatever the answer (removed, or refused because something came
 * to use an item meanwhile), the lists are read again so they show each item as it is now.
 */
export function useRemoveMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]): Promise<BulkResult> => api.post('/api/v1/admin/media/remove', { body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
