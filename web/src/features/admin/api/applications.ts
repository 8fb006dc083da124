import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api/client';
import type { AdminApplicationList, Application, DecisionInput } from '@/lib/selling/types';

/**
 * The admin's view of vendor applications: GET /api/v1/admin/vendor-applications (filtered,
 * searched, paged), GET …/{id}, and POST …/{id}/decision (approve, reject, request changes).
 */

export const ADMIN_PAGE_SIZE = 20;

/** Shown when another admin decided the application first (the API's 409). */
export const DECIDED_ELSEWHERE = 'Someone else already decided this application';

export interface ApplicationFilters {
  /** A status, or 'all'. */
  status: string;
  q: string;
  page: number;
}

const ROOT = ['admin', 'vendor-applications'] as const;

/** Every cached admin application list, count and detail; decisions invalidate through it. */
export const adminApplicationsKey = ROOT;

function listQuery(status: string, q: string, page: number, perPage: number) {
  return {
    status: status === 'all' || status === '' ? undefined : status,
    q: q.trim() || undefined,
    page,
    per_page: perPage,
  };
}

export function adminApplicationsQueryOptions(filters: ApplicationFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminApplicationList> =>
      api.get('/api/v1/admin/vendor-applications', {
        query: listQuery(filters.status, filters.q, filters.page, ADMIN_PAGE_SIZE),
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminApplications(filters: ApplicationFilters) {
  return useQuery({ ...adminApplicationsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** How many applications have `status` (one row asked for; `total` read). */
export function applicationCountQueryOptions(status: string) {
  return queryOptions({
    queryKey: [...ROOT, 'count', status] as const,
    queryFn: ({ signal }): Promise<AdminApplicationList> =>
      api.get('/api/v1/admin/vendor-applications', { query: listQuery(status, '', 1, 1), signal }),
    select: (data) => data.total,
    staleTime: 0,
  });
}

export function useApplicationCount(status: string) {
  return useQuery(applicationCountQueryOptions(status));
}

export function adminApplicationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'detail', id] as const,
    queryFn: ({ signal }): Promise<Application> =>
      api.get('/api/v1/admin/vendor-applications/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useAdminApplication(id: string | null) {
  return useQuery({ ...adminApplicationQueryOptions(id ?? ''), enabled: id !== null });
}

/**
 * Decides a submitted application. Afterwards (either way) the lists and counts are read again;
 * on success the detail takes the answer. A 409 means another admin decided first: the detail is
 * read again to show what they decided.
 */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: DecisionInput): Promise<Application> =>
      api.post('/api/v1/admin/vendor-applications/{id}/decision', { path: { id }, body: decision }),
    onSuccess: (application) => {
      queryClient.setQueryData(adminApplicationQueryOptions(id).queryKey, application);
    },
    onSettled: (_data, error) => {
      const refreshDetail = error instanceof ApiError && error.status === 409;
      return queryClient.invalidateQueries({
        queryKey: ROOT,
        predicate: (query) => refreshDetail || query.queryKey[2] !== 'detail',
      });
    },
  });
}

export function isDecidedElsewhere(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
