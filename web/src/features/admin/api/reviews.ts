import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { pageFromParam } from '@/lib/page-param';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * Product reviews, for admins: GET /api/v1/admin/reviews (searched, filtered by product, rating
 * and visibility, paged), and moderation: POST …/{id}/hide (with a reason, kept in the audit log)
 * and POST …/{id}/restore. Either changes the product's rating at once; doing what is done
 * already answers 409 `unchanged`.
 */

export type AdminReview = Schema<'AdminReviewView'>;
export type AdminReviewList = Schema<'AdminReviewList'>;

export const REVIEWS_PATH = '/admin/reviews/';

export const VISIBILITY_FILTERS = [
  { value: '', label: 'All' },
  { value: 'shown', label: 'Shown' },
  { value: 'hidden', label: 'Hidden' },
] as const;

export const RATING_FILTERS = [
  { value: '', label: 'Any rating' },
  { value: '5', label: '5 stars' },
  { value: '4', label: '4 stars' },
  { value: '3', label: '3 stars' },
  { value: '2', label: '2 stars' },
  { value: '1', label: '1 star' },
] as const;

/** The list's state, as the URL keeps it (STYLE.md "Lists"); '' is "any". */
export interface ReviewFilters {
  q: string;
  /** '1' to '5'. */
  rating: string;
  /** 'shown' or 'hidden'. */
  visibility: string;
  /** A product's id: only its reviews. */
  product: string;
  page: number;
}

export const NO_REVIEW_FILTERS: ReviewFilters = { q: '', rating: '', visibility: '', product: '', page: 1 };

function oneOf(value: string | null | undefined, options: readonly { value: string }[]): string {
  return options.some((option) => option.value === value) ? (value as string) : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/reviews/?q=…&rating=…&visibility=…&product_id=…&page=N; anything unknown is left out. */
export function reviewFiltersFrom(params: { get(name: string): string | null } | null): ReviewFilters {
  const product = (params?.get('product_id') ?? '').trim();
  return {
    q: (params?.get('q') ?? '').trim(),
    rating: oneOf(params?.get('rating'), RATING_FILTERS),
    visibility: oneOf(params?.get('visibility'), VISIBILITY_FILTERS),
    product: UUID.test(product) ? product.toLowerCase() : '',
    page: pageFromParam(params?.get('page')),
  };
}

/** The list's address for `filters` (empty filters and page 1 are left out). */
export function reviewsHref(filters: ReviewFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.rating) query.set('rating', filters.rating);
  if (filters.visibility) query.set('visibility', filters.visibility);
  if (filters.product) query.set('product_id', filters.product);
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${REVIEWS_PATH}?${text}` : REVIEWS_PATH;
}

const ROOT = ['admin', 'reviews'] as const;

/** Every cached admin review list; changes invalidate through it. */
export const adminReviewsKey = ROOT;

export function adminReviewsQueryOptions(filters: ReviewFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminReviewList> =>
      api.get('/api/v1/admin/reviews', {
        query: {
          q: filters.q || undefined,
          product_id: filters.product || undefined,
          rating: filters.rating ? Number(filters.rating) : undefined,
          visibility: filters.visibility || undefined,
          page: filters.page,
          per_page: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminReviews(filters: ReviewFilters) {
  return useQuery({ ...adminReviewsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Hide a review (the reason is kept in the audit log), or show a hidden one again. */
export type ReviewChange = { hide: true; reason: string } | { hide: false };

/** A 409 `unchanged`: the review is hidden (or shown) already, most likely by another admin. */
export function isUnchanged(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'unchanged';
}

/**
 * Hides or shows one review. The answer replaces the review in the cached lists at once; either
 * way (a 409 means someone else did it first) the lists are read again, and so are the shop's
 * product queries, whose ratings now count the review or not.
 */
export function useReviewVisibility(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange): Promise<AdminReview> =>
      change.hide
        ? api.post('/api/v1/admin/reviews/{id}/hide', { path: { id }, body: { reason: change.reason } })
        : api.post('/api/v1/admin/reviews/{id}/restore', { path: { id } }),
    onSuccess: (review) => {
      queryClient.setQueriesData<AdminReviewList>({ queryKey: [...ROOT, 'list'] }, (list) =>
        list ? { ...list, reviews: list.reviews.map((row) => (row.id === review.id ? review : row)) } : list,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        // The storefront's product queries (detail, lists) carry the rating; their root key is 'products'.
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
