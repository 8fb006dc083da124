/**
 * The product list's filters as the URL carries them (/products/?sort=…&brand=…&category=…&page=N).
 * `sortBy` is accepted as an alias of `sort` (SPEC §2: special offers link to ?sortBy=price-desc).
 */

import { pageFromParam } from '@/lib/page-param';

export const PRODUCT_SORTS = ['newest', 'featured', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export interface ProductFilters {
  sort: ProductSort | null;
  brand: string | null;
  category: string | null;
  page: number;
}

interface SearchParamsLike {
  get(name: string): string | null;
}

function isSort(value: string | null | undefined): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value ?? '');
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Reads the filters; an unknown sort is ignored (the default order) rather than sent to the API. */
export function filtersFromParams(params: SearchParamsLike | null | undefined): ProductFilters {
  const sort = params?.get('sort') ?? params?.get('sortBy');
  return {
    sort: isSort(sort) ? sort : null,
    brand: nonEmpty(params?.get('brand')),
    category: nonEmpty(params?.get('category')),
    page: pageFromParam(params?.get('page')),
  };
}

export function hasFilters(filters: ProductFilters): boolean {
  return filters.sort !== null || filters.brand !== null || filters.category !== null;
}

/** /products/ with the given filters, in a stable order; page 1 is left out. */
export function productsPath(filters: Partial<ProductFilters> = {}): string {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.brand) query.set('brand', filters.brand);
  if (filters.sort) query.set('sort', filters.sort);
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  const search = query.toString();
  return search ? `/products/?${search}` : '/products/';
}

/** /daily-deals/, pages after the first with ?page=N. */
export function dailyDealsPath(page = 1): string {
  return page > 1 ? `/daily-deals/?page=${page}` : '/daily-deals/';
}

/** The heading for a view: the category's name, the brand, or what the sort stands for. */
export function productsHeading(filters: ProductFilters, categoryName: string | null): string {
  if (filters.category) return categoryName ?? filters.category;
  if (filters.brand) return filters.brand;
  if (filters.sort === 'newest') return 'New arrivals';
  if (filters.sort === 'featured') return 'Featured';
  return 'All products';
}

export function productCountLabel(total: number): string {
  return `${total.toLocaleString('en-ZA')} ${total === 1 ? 'product' : 'products'}`;
}
