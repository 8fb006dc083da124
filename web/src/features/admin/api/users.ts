import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * The admin's view of accounts: GET /api/v1/admin/users (searched, filtered, paged), GET …/{id}
 * (the user with their orders, points, sessions and audit history), and the changes: role,
 * suspend, reinstate, reset second factors, adjust points, resend the confirmation email.
 * Changes that the server versions send the version the admin last read; a change made
 * meanwhile by someone else answers 409 `stale`.
 */

export type AdminUser = Schema<'AdminUserView'>;
export type AdminUserList = Schema<'AdminUserList'>;
export type AdminUserDetail = Schema<'AdminUserDetail'>;
export type AdminUserOrder = Schema<'AdminUserOrder'>;
export type AdminPointsEntry = Schema<'AdminPointsEntry'>;
export type AdminSession = Schema<'AdminSession'>;
export type AuditEntry = Schema<'AuditEntry'>;

export const USER_ROLES = ['customer', 'vendor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USERS_PAGE_SIZE = ADMIN_PAGE_SIZE;

export interface UserFilters {
  q: string;
  /** A role, or '' for every role. */
  role: string;
  /** 'active', 'suspended', or '' for both. */
  standing: string;
  page: number;
}

const ROOT = ['admin', 'users'] as const;

/** Every cached admin user list and detail; changes invalidate through it. */
export const adminUsersKey = ROOT;

export function adminUsersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminUserList> =>
      api.get('/api/v1/admin/users', {
        query: {
          q: filters.q.trim() || undefined,
          role: filters.role || undefined,
          standing: filters.standing || undefined,
          page: filters.page,
          per_page: USERS_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminUsers(filters: UserFilters) {
  return useQuery({ ...adminUsersQueryOptions(filters), placeholderData: keepPreviousData });
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'detail', id] as const,
    queryFn: ({ signal }): Promise<AdminUserDetail> => api.get('/api/v1/admin/users/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}

/** A change to one user; `version` is the user's version as the admin last read it. */
export type UserAction =
  | { kind: 'role'; role: UserRole; version: number }
  | { kind: 'suspend'; reason: string; version: number }
  | { kind: 'reinstate'; version: number }
  | { kind: 'reset-factors'; reason: string }
  | { kind: 'points'; points: number; reason: string };

function runAction(id: string, action: UserAction): Promise<AdminUserDetail> {
  const path = { id };
  switch (action.kind) {
    case 'role':
      return api.put('/api/v1/admin/users/{id}/role', { path, body: { role: action.role, version: action.version } });
    case 'suspend': {
      // The server reads {reason, version}; the generated schema names the vendor's
      // SuspendInput ({reason}) for both routes, so the version goes in through a variable.
      const body = { reason: action.reason, version: action.version };
      return api.post('/api/v1/admin/users/{id}/suspend', { path, body });
    }
    case 'reinstate':
      return api.post('/api/v1/admin/users/{id}/reinstate', { path, body: { version: action.version } });
    case 'reset-factors':
      return api.post('/api/v1/admin/users/{id}/reset-factors', { path, body: { reason: action.reason } });
    case 'points':
      return api.post('/api/v1/admin/users/{id}/points', { path, body: { points: action.points, reason: action.reason } });
  }
}

/** A 409 `stale`: someone else changed the user since the admin read it. */
export function isStale(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'stale';
}

/**
 * Changes one user. The answer (the whole detail) replaces the cached detail and the lists are
 * read again; after a `stale` 409 the detail is read again, so the next try sends the new version.
 */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  const detailKey = adminUserQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (action: UserAction) => runAction(id, action),
    onSuccess: (detail) => {
      queryClient.setQueryData(detailKey, detail);
    },
    onSettled: (_data, error) => {
      const refreshDetail = isStale(error);
      return queryClient.invalidateQueries({
        queryKey: ROOT,
        predicate: (query) => query.queryKey[2] !== 'detail' || (refreshDetail && query.queryKey[3] === id),
      });
    },
  });
}

/** Sends the confirmation email again; the detail is read again for its new audit entry. */
export function useResendConfirmation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Schema<'ConfirmationSent'>> =>
      api.post('/api/v1/admin/users/{id}/resend-confirmation', { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserQueryOptions(id).queryKey }),
  });
}
