import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import type { ProductListResponse } from '@/features/products/api/product-types';
import type { ProductSort } from '@/features/catalogue/lib/product-filters';

/**
 * GET /api/v1/products?category=&brand=&sort=&daily_deal=&page=&per_page= (a page of the
 * catalogue) and GET /api/v1/categories (the category tiles and chips).
 */

export const CATALOGUE_PER_PAGE = 20;

export interface ProductListQuery {
  sort?: ProductSort | null;
  brand?: string | null;
  category?: string | null;
  dailyDeal?: boolean;
  page: number;
  perPage?: number;
}

/** The API path for a query; parameters that are not set are left out. */
export function productListPath(query: ProductListQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  if (query.sort) params.set('sort', query.sort);
  if (query.dailyDeal) params.set('daily_deal', 'true');
  params.set('page', String(query.page));
  params.set('per_page', String(query.perPage ?? CATALOGUE_PER_PAGE));
  return `/api/v1/products?${params.toString()}`;
}

export function productListQueryOptions(query: ProductListQuery) {
  const key = {
    category: query.category ?? null,
    brand: query.brand ?? null,
    sort: query.sort ?? null,
    daily_deal: query.dailyDeal ?? false,
    page: query.page,
    per_page: query.perPage ?? CATALOGUE_PER_PAGE,
  };
  return queryOptions({
    queryKey: ['products', 'list', key] as const,
    queryFn: ({ signal }): Promise<ProductListResponse> =>
      apiGet<Schema<'ProductListResponse'>>(productListPath(query), { signal }),
  });
}

/** While another page or filter loads, the previous results stay on screen (`isPlaceholderData`). */
export function useProductList(query: ProductListQuery) {
  return useQuery({ ...productListQueryOptions(query), placeholderData: keepPreviousData });
}

export interface Category {
  slug: string;
  name: string;
  description: string | null;
  image_url: string | null;
  product_count: number;
}

export interface CategoriesResponse {
  categories: Category[];
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories', 'list'] as const,
    queryFn: ({ signal }): Promise<CategoriesResponse> => api.get('/api/v1/categories', { signal }),
    select: (data) => data.categories,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
