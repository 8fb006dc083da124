import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildPath, type Schema } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';

/**
 * Batches of single-use points codes, for admins: GET /api/v1/admin/points-codes (newest first,
 * a page at a time, each with how many of its codes were redeemed), POST to make one (N random
 * codes, all or none), GET …/{id} for a batch with its redemptions (latest first, a page at a
 * time), GET …/{id}/export for its codes as CSV, and POST …/{id}/disable to refuse its codes not
 * yet redeemed. The server checks a new batch's fields and answers all problems at once (400 with
 * `error.fields` under `name`, `points`, `count`, `expires_on`).
 */

export type PointsBatch = Schema<'PointsBatchView'>;
export type PointsBatchList = Schema<'PointsBatchList'>;
export type PointsBatchDetail = Schema<'PointsBatchDetail'>;
export type PointsRedemption = Schema<'PointsRedemption'>;
export type NewPointsBatch = Schema<'NewPointsBatch'>;

/** The API's page size, for the batches and a batch's redemptions alike. */
export const POINTS_PAGE_SIZE = 20;

/** The list; a batch's page carries its id as `?id=` (the site is a static export). */
export const POINTS_CODES_PATH = '/admin/points-codes/';

/** The list's address at `page` (page 1 left out). */
export function pointsCodesHref(page = 1): string {
  return page > 1 ? `${POINTS_CODES_PATH}?page=${page}` : POINTS_CODES_PATH;
}

/** A batch's page, at `page` of its redemptions (page 1 left out). */
export function pointsBatchHref(id: string, page = 1): string {
  const query = new URLSearchParams({ id });
  if (page > 1) query.set('page', String(page));
  return `${POINTS_CODES_PATH}batch/?${query.toString()}`;
}

const ROOT = ['admin', 'points-codes'] as const;

export function pointsBatchesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ROOT, 'list', page] as const,
    queryFn: ({ signal }): Promise<PointsBatchList> =>
      api.get('/api/v1/admin/points-codes', { query: { page, per_page: POINTS_PAGE_SIZE }, signal }),
    staleTime: 0,
  });
}

export function usePointsBatches(page: number) {
  return useQuery({ ...pointsBatchesQueryOptions(page), placeholderData: keepPreviousData });
}

export function pointsBatchQueryOptions(id: string, page: number) {
  return queryOptions({
    queryKey: [...ROOT, 'batch', id, page] as const,
    queryFn: ({ signal }): Promise<PointsBatchDetail> =>
      api.get('/api/v1/admin/points-codes/{id}', { path: { id }, query: { page, per_page: POINTS_PAGE_SIZE }, signal }),
    staleTime: 0,
  });
}

/** A batch at `page` of its redemptions; while another page loads, the page before stays (the same batch's only). */
export function usePointsBatch(id: string, page: number) {
  return useQuery({
    ...pointsBatchQueryOptions(id, page),
    placeholderData: (previous) => (previous?.batch.id === id ? previous : undefined),
  });
}

/** Makes a batch; the list is read again (the new batch heads it). */
export function useCreatePointsBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: NewPointsBatch): Promise<PointsBatch> => api.post('/api/v1/admin/points-codes', { body: batch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ROOT, 'list'] }),
  });
}

/** Disables a batch: its codes not yet redeemed are refused from now on. The list and the batch's page are read again. */
export function useDisablePointsBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<PointsBatch> =>
      api.post('/api/v1/admin/points-codes/{id}/disable', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** The file a batch's codes are saved as: `points-codes-heritage-day-flyers.csv`. */
export function pointsCodesFilename(batch: Pick<PointsBatch, 'id' | 'name'>): string {
  const slug = batch.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `points-codes-${slug || batch.id.slice(0, 8)}.csv`;
}

/** Saves a batch's codes as CSV (Code, Points, Expires, Status, Redeemed at, Redeemed by). */
export function downloadPointsCodes(batch: Pick<PointsBatch, 'id' | 'name'>): Promise<void> {
  return downloadFile(buildPath('/api/v1/admin/points-codes/{id}/export', { id: batch.id }), pointsCodesFilename(batch));
}
