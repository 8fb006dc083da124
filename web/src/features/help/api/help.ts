import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/**
 * The public help centre: GET /api/v1/help (the categories with their published articles),
 * GET /api/v1/help/search?q=, GET /api/v1/help/articles/{slug} (with related articles) and
 * POST /api/v1/help/articles/{slug}/feedback (anyone may vote; 429 when voting too often).
 */

export type HelpArticleLink = Schema<'HelpArticleLink'>;
export type HelpCategory = Schema<'HelpCategory'>;
export type HelpIndex = Schema<'HelpCentre'>;
export type HelpCategoryRef = Schema<'HelpCategoryRef'>;
export type HelpSearchResult = Schema<'HelpSearchResult'>;
/** Sanitised on the server (Markdown made HTML, no raw HTML). */
export type HelpArticle = Schema<'HelpArticle'>;
export type HelpArticleDetail = Schema<'HelpArticlePage'>;
export type HelpFeedbackCounts = Schema<'HelpfulCounts'>;

const ROOT = ['help'] as const;

/** Everything the public help centre has cached; the admins' changes invalidate it. */
export const helpKey = ROOT;

export function helpIndexQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'index'] as const,
    queryFn: ({ signal }): Promise<HelpIndex> => api.get('/api/v1/help', { signal }),
  });
}

export function useHelpIndex() {
  return useQuery(helpIndexQueryOptions());
}

/** The results together with the text they answer, so a list kept while the next loads is labelled rightly. */
export interface HelpSearch {
  q: string;
  results: HelpSearchResult[];
}

export function helpSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...ROOT, 'search', q] as const,
    queryFn: async ({ signal }): Promise<HelpSearch> => {
      const { results } = await api.get('/api/v1/help/search', { query: { q }, signal });
      return { q, results };
    },
  });
}

/** Nothing is asked for a blank (trimmed) text; the previous results stay while the next load. */
export function useHelpSearch(q: string) {
  return useQuery({ ...helpSearchQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}

export function helpArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...ROOT, 'article', slug] as const,
    queryFn: ({ signal }): Promise<HelpArticleDetail> => api.get('/api/v1/help/articles/{slug}', { path: { slug }, signal }),
  });
}

export function useHelpArticle(slug: string) {
  return useQuery(helpArticleQueryOptions(slug));
}

/** A vote on an article; the cached article takes the new counts. */
export function useHelpFeedback(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean): Promise<HelpFeedbackCounts> =>
      api.post('/api/v1/help/articles/{slug}/feedback', { path: { slug }, body: { helpful } }),
    onSuccess: (counts) =>
      queryClient.setQueryData(helpArticleQueryOptions(slug).queryKey, (detail) =>
        detail ? { ...detail, article: { ...detail.article, ...counts } } : detail,
      ),
  });
}
