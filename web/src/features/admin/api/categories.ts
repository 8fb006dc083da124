import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { adminAuditKey } from '@/features/admin/api/audit';
import { adminProductsKey } from '@/features/admin/api/products';

/**
 * The category tree for admins: GET /api/v1/admin/categories (every category, by position then
 * name, with the latest changes), POST to add one, PUT …/{id} to change one (with the version
 * last read: a change made meanwhile answers 409 `stale`), and DELETE …/{id}?move_to=… to remove
 * one (its products move to `move_to`, else to its parent, else to no category; its
 * sub-categories move up to its parent).
 */

export type AdminCategory = Schema<'AdminCategoryView'>;
export type AdminCategoryList = Schema<'AdminCategoryList'>;
export type CategoryInput = Schema<'CategoryInput'>;
export type CategoryRemoved = Schema<'CategoryRemoved'>;

const ROOT = ['admin', 'categories'] as const;

/** Every cached admin category list; changes invalidate through it. */
export const adminCategoriesKey = ROOT;

/**
 * The storefront's category lists and the product editor's category choices
 * (features/catalogue, features/home and features/products keep them under `['categories', …]`).
 */
const SHOP_CATEGORIES_KEY = ['categories'] as const;

export function adminCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'list'] as const,
    queryFn: ({ signal }): Promise<AdminCategoryList> => api.get('/api/v1/admin/categories', { signal }),
    staleTime: 0,
  });
}

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}

/**
 * After a change: the tree and its recent changes, the shop's category lists, the admin's
 * product lists (a new address or a removal moves products to another category) and the audit log.
 */
function readAgain(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROOT }),
    queryClient.invalidateQueries({ queryKey: SHOP_CATEGORIES_KEY }),
    queryClient.invalidateQueries({ queryKey: adminProductsKey }),
    queryClient.invalidateQueries({ queryKey: adminAuditKey }),
  ]);
}

/** A new category (`id` null), or a change to one with the version the admin last read. */
export type CategoryChange =
  | { id: null; input: CategoryInput }
  | { id: string; input: CategoryInput & { version: number } };

/** Adds or changes a category; either way (a 409 means it changed meanwhile) the tree is read again. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CategoryChange): Promise<AdminCategory> =>
      change.id === null
        ? api.post('/api/v1/admin/categories', { body: change.input })
        : api.put('/api/v1/admin/categories/{id}', { path: { id: change.id }, body: change.input }),
    onSettled: () => readAgain(queryClient),
  });
}

/** A removal: `moveTo` is the slug of the category its products go to; '' for the default (its parent, or none). */
export interface CategoryRemoval {
  id: string;
  moveTo: string;
}

/** Removes a category, saying where its products went; the tree is read again afterwards. */
export function useRemoveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: CategoryRemoval): Promise<CategoryRemoved> =>
      api.delete('/api/v1/admin/categories/{id}', { path: { id }, query: { move_to: moveTo || undefined } }),
    onSettled: () => readAgain(queryClient),
  });
}
