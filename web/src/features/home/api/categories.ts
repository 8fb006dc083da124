import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/v1/categories?limit=3: the home page's category tiles. */

export const CATEGORY_TILES = 3;

export interface HomeCategory {
  slug: string;
  name: string;
  description: string | null;
  image_url: string | null;
  product_count: number;
}

export function homeCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories', 'list', { limit: CATEGORY_TILES }] as const,
    queryFn: ({ signal }): Promise<{ categories: HomeCategory[] }> =>
      api.get('/api/v1/categories', { query: { limit: CATEGORY_TILES }, signal }),
    select: (data) => data.categories.slice(0, CATEGORY_TILES),
  });
}

export function useHomeCategories(enabled = true) {
  return useQuery({ ...homeCategoriesQueryOptions(), enabled });
}
