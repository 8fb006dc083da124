import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { adminAuditKey } from '@/features/admin/api/audit';

/**
 * The global attributes (size, colour and their values, in order) vendors build variations from:
 * GET /api/v1/admin/global-attributes, POST to add one, PUT …/{id} with the version last read
 * (409 `stale` when it changed meanwhile), DELETE …/{id} (products keep the values their
 * variations were given).
 */

export type GlobalAttribute = Schema<'AdminAttributeView'>;
export type GlobalAttributeList = Schema<'AdminAttributeList'>;
export type GlobalAttributeInput = Schema<'GlobalAttributeInput'>;

const ROOT = ['admin', 'global-attributes'] as const;

/** Every cached admin attribute list; changes invalidate through it. */
export const adminAttributesKey = ROOT;

export function adminAttributesQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'list'] as const,
    queryFn: ({ signal }): Promise<GlobalAttributeList> => api.get('/api/v1/admin/global-attributes', { signal }),
    staleTime: 0,
  });
}

export function useAdminAttributes() {
  return useQuery(adminAttributesQueryOptions());
}

/**
 * After a change: this list, the audit log, and the attributes the product editor offers
 * (`['vendor-products', userId, 'attributes']`, features/products).
 */
function readAgain(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROOT }),
    queryClient.invalidateQueries({ queryKey: adminAuditKey }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === 'vendor-products' && queryKey[2] === 'attributes',
    }),
  ]);
}

/** A new attribute (`id` null), or a change to one with the version the admin last read. */
export type AttributeChange =
  | { id: null; input: GlobalAttributeInput }
  | { id: string; input: GlobalAttributeInput & { version: number } };

/** Adds or changes an attribute; either way (a 409 means it changed meanwhile) the list is read again. */
export function useSaveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AttributeChange): Promise<GlobalAttribute> =>
      change.id === null
        ? api.post('/api/v1/admin/global-attributes', { body: change.input })
        : api.put('/api/v1/admin/global-attributes/{id}', { path: { id: change.id }, body: change.input }),
    onSettled: () => readAgain(queryClient),
  });
}

/** Removes an attribute; the list is read again afterwards. */
export function useRemoveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> =>
      api.delete('/api/v1/admin/global-attributes/{id}', { path: { id } }).then(() => undefined),
    onSettled: () => readAgain(queryClient),
  });
}
