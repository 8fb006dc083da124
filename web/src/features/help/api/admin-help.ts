import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { helpKey } from '@/features/help/api/help';

/**
 * The admins' side of the help centre: categories (GET/POST /api/v1/admin/help/categories,
 * PATCH/DELETE …/{id}; a category with articles cannot be deleted, 409), articles
 * (GET /api/v1/admin/help/articles?category=&q=, POST, GET/PATCH/DELETE …/{id}) and the editor's
 * preview (POST /api/v1/admin/help/preview). Every change reads the public help centre again too.
 */

export type AdminHelpCategory = Schema<'AdminHelpCategory'>;
export type HelpCategoryInput = Schema<'HelpCategoryInput'>;
export type AdminHelpArticleRow = Schema<'AdminHelpArticleRow'>;
/** A list row with the Markdown `body` and its `html`. */
export type AdminHelpArticle = Schema<'AdminHelpArticle'>;
export type HelpArticleInput = Schema<'HelpArticleInput'>;

export interface HelpArticleFilters {
  /** A category id, or '' for every one. */
  category: string;
  q: string;
}

const ROOT = ['admin', 'help'] as const;

/** Everything of the admins' help centre that is cached. */
export const adminHelpKey = ROOT;

/** After any change: the admin lists, and the public help centre. */
function useInvalidateHelp() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // Previews depend on the body alone: they stay.
      queryClient.invalidateQueries({ queryKey: ROOT, predicate: (query) => query.queryKey[2] !== 'preview' }),
      queryClient.invalidateQueries({ queryKey: helpKey }),
    ]);
}

export function adminHelpCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'categories'] as const,
    queryFn: ({ signal }) => api.get('/api/v1/admin/help/categories', { signal }),
    select: (data) => [...data.categories].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
    staleTime: 0,
  });
}

/** The categories, by position then name. */
export function useAdminHelpCategories() {
  return useQuery(adminHelpCategoriesQueryOptions());
}

/** Adds a category (`id` null) or changes one (only the keys given). */
export function useSaveHelpCategory() {
  const invalidate = useInvalidateHelp();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: HelpCategoryInput }) =>
      id === null
        ? api.post('/api/v1/admin/help/categories', { body: input })
        : api.patch('/api/v1/admin/help/categories/{id}', { path: { id }, body: input }),
    onSuccess: invalidate,
  });
}

/** New positions for several categories at once (a move up or down), then one read of the list. */
export function useMoveHelpCategories() {
  const invalidate = useInvalidateHelp();
  return useMutation({
    mutationFn: async (moves: readonly { id: string; position: number }[]) => {
      for (const move of moves) {
        await api.patch('/api/v1/admin/help/categories/{id}', { path: { id: move.id }, body: { position: move.position } });
      }
    },
    onSettled: invalidate,
  });
}

export function useDeleteHelpCategory() {
  const invalidate = useInvalidateHelp();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/v1/admin/help/categories/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function adminHelpArticlesQueryOptions(filters: HelpArticleFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'articles', 'list', filters] as const,
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/help/articles', {
        query: { category: filters.category || undefined, q: filters.q.trim() || undefined },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminHelpArticles(filters: HelpArticleFilters) {
  return useQuery({ ...adminHelpArticlesQueryOptions(filters), placeholderData: keepPreviousData });
}

export function adminHelpArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'articles', 'detail', id] as const,
    queryFn: ({ signal }) => api.get('/api/v1/admin/help/articles/{id}', { path: { id }, signal }),
    select: (data) => data.article,
    staleTime: 0,
  });
}

export function useAdminHelpArticle(id: string) {
  return useQuery(adminHelpArticleQueryOptions(id));
}

/** Creates an article (`id` null) or changes one; the saved article is cached as the server answered it. */
export function useSaveHelpArticle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateHelp();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: HelpArticleInput }) =>
      id === null
        ? api.post('/api/v1/admin/help/articles', { body: input })
        : api.patch('/api/v1/admin/help/articles/{id}', { path: { id }, body: input }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminHelpArticleQueryOptions(saved.article.id).queryKey, saved);
      await invalidate();
    },
  });
}

export function useDeleteHelpArticle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateHelp();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/v1/admin/help/articles/{id}', { path: { id } }),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: adminHelpArticleQueryOptions(id).queryKey });
      await invalidate();
    },
  });
}

/** The editor's preview of a Markdown body, as the help centre will show it. */
export function helpPreviewQueryOptions(body: string) {
  return queryOptions({
    queryKey: [...ROOT, 'preview', body] as const,
    queryFn: ({ signal }) => api.post('/api/v1/admin/help/preview', { body: { body }, signal }),
    select: (data) => data.html,
    staleTime: Infinity,
  });
}

export function useHelpPreview(body: string, enabled: boolean) {
  return useQuery({ ...helpPreviewQueryOptions(body), enabled, placeholderData: keepPreviousData });
}
