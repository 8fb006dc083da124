import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary, ListMeta } from '@/lib/catalogue-types';
import { apiGet } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { searchApiPath, type SearchFilters } from '@/features/search/lib/search-filters';

/**
 * GET /api/v1/search/suggestions?q= (the header box) and GET /api/v1/search (the search page),
 * shaped as crates/api/src/routes/search.rs answers them.
 */

/** SPEC §5, §9: suggestions from 2 characters (more than 1), at most 5. */
export const MIN_SUGGEST_CHARS = 2;
export const MAX_SUGGESTIONS = 5;

export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  price_cents: number;
  /** The category's name, for the badge. */
  category: string | null;
  image_url: string | null;
}

/** The suggestions together with the text they answer, so a stale list is labelled rightly. */
export interface SuggestionResult {
  q: string;
  suggestions: Suggestion[];
}

export function suggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', q] as const,
    queryFn: async ({ signal }): Promise<SuggestionResult> => {
      const { suggestions } = await api.get('/api/v1/search/suggestions', { query: { q }, signal });
      return { q, suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
    },
  });
}

/** Nothing is asked for a (trimmed) text shorter than 2 characters. */
export function useSuggestions(q: string) {
  return useQuery({
    ...suggestionsQueryOptions(q),
    enabled: q.length >= MIN_SUGGEST_CHARS,
    placeholderData: keepPreviousData,
  });
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface PriceBand {
  label: string;
  /** Inclusive. */
  min_cents: number | null;
  /** Exclusive. */
  max_cents: number | null;
  count: number;
}

export interface SearchResponse {
  products: ProductSummary[];
  meta: ListMeta;
  facets: { brand: FacetCount[]; category: FacetCount[]; price: PriceBand[] };
}

export function searchQueryOptions(filters: SearchFilters) {
  return queryOptions({
    queryKey: ['search', 'results', searchApiPath(filters)] as const,
    // The path carries the page's filters (search-filters.ts); the answer's type is the API's.
    queryFn: ({ signal }): Promise<SearchResponse> =>
      apiGet<Schema<'SearchResponse'>>(searchApiPath(filters), { signal }),
  });
}

/** While other filters or another page load, the previous results stay (`isPlaceholderData`). */
export function useSearchResults(filters: SearchFilters) {
  return useQuery({ ...searchQueryOptions(filters), placeholderData: keepPreviousData });
}
