import { pageFromParam } from '@/lib/page-param';

/**
 * The search page's state as its URL carries it:
 * /search/?q=&brand=&category=&min_price_cents=&max_price_cents=&on_sale=&sort=&page=
 * and the API query it becomes (GET /api/v1/search, docs/decisions.md "API": prices in cents).
 */

export const SEARCH_SORTS = ['newest', 'featured', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Relevance is the default order and is left out of URLs. */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest',
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export const SEARCH_PER_PAGE = 20;

export interface SearchFilters {
  q: string;
  brand: string | null;
  category: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  onSale: boolean;
  sort: SearchSort | null;
  page: number;
}

export const EMPTY_FILTERS: SearchFilters = {
  q: '',
  brand: null,
  category: null,
  minPriceCents: null,
  maxPriceCents: null,
  onSale: false,
  sort: null,
  page: 1,
};

interface SearchParamsLike {
  get(name: string): string | null;
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Whole, non-negative cents; anything else is ignored. */
function centsFromParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

function isSort(value: string | null | undefined): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value ?? '');
}

export function searchFiltersFromParams(params: SearchParamsLike | null | undefined): SearchFilters {
  const sort = params?.get('sort') ?? params?.get('sortBy');
  return {
    q: params?.get('q')?.trim() ?? '',
    brand: nonEmpty(params?.get('brand')),
    category: nonEmpty(params?.get('category')),
    minPriceCents: centsFromParam(params?.get('min_price_cents')),
    maxPriceCents: centsFromParam(params?.get('max_price_cents')),
    onSale: params?.get('on_sale') === 'true',
    sort: isSort(sort) ? sort : null,
    page: pageFromParam(params?.get('page')),
  };
}

/** The filters besides the query and the order: brand, category, price and on sale. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    Number(filters.brand !== null) +
    Number(filters.category !== null) +
    Number(filters.minPriceCents !== null || filters.maxPriceCents !== null) +
    Number(filters.onSale)
  );
}

function toParams(filters: Partial<SearchFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPriceCents != null) params.set('min_price_cents', String(filters.minPriceCents));
  if (filters.maxPriceCents != null) params.set('max_price_cents', String(filters.maxPriceCents));
  if (filters.onSale) params.set('on_sale', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}

/** /search/ with the given state, in a stable order; page 1 and empty values are left out. */
export function searchPath(filters: Partial<SearchFilters> = {}): string {
  const params = toParams(filters);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `/search/?${search}` : '/search/';
}

/** GET /api/v1/search for the given state. */
export function searchApiPath(filters: SearchFilters, perPage = SEARCH_PER_PAGE): string {
  const params = toParams(filters);
  params.set('page', String(filters.page));
  params.set('per_page', String(perPage));
  return `/api/v1/search?${params.toString()}`;
}

/** A facet value chosen or unchosen (choosing the chosen one clears it); back to page 1. */
export function toggleFacet(filters: SearchFilters, facet: 'brand' | 'category', value: string): SearchFilters {
  return { ...filters, [facet]: filters[facet] === value ? null : value, page: 1 };
}

export function toggleOnSale(filters: SearchFilters): SearchFilters {
  return { ...filters, onSale: !filters.onSale, page: 1 };
}

/** A price band of the facets: minimum inclusive, maximum exclusive (cents). */
export interface PriceBandLike {
  min_cents: number | null;
  max_cents: number | null;
}

/**
 * The URL range for a band. The API's range includes both ends and a band excludes its maximum,
 * so the band R100–R250 is 10000…24999.
 */
export function bandRange(band: PriceBandLike): { minPriceCents: number | null; maxPriceCents: number | null } {
  return {
    minPriceCents: band.min_cents,
    maxPriceCents: band.max_cents === null ? null : band.max_cents - 1,
  };
}

export function isBandSelected(filters: SearchFilters, band: PriceBandLike): boolean {
  if (filters.minPriceCents === null && filters.maxPriceCents === null) return false;
  const range = bandRange(band);
  return filters.minPriceCents === range.minPriceCents && filters.maxPriceCents === range.maxPriceCents;
}

export function togglePriceBand(filters: SearchFilters, band: PriceBandLike): SearchFilters {
  const range = isBandSelected(filters, band) ? { minPriceCents: null, maxPriceCents: null } : bandRange(band);
  return { ...filters, ...range, page: 1 };
}

/** Keeps the query and the order, drops every filter. */
export function clearFilters(filters: SearchFilters): SearchFilters {
  return { ...EMPTY_FILTERS, q: filters.q, sort: filters.sort };
}
