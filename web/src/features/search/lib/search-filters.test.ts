import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearFilters,
  EMPTY_FILTERS,
  isBandSelected,
  searchApiPath,
  searchFiltersFromParams,
  searchPath,
  toggleFacet,
  toggleOnSale,
  togglePriceBand,
} from '@/features/search/lib/search-filters';

const params = (query: string) => new URLSearchParams(query);
const band = (min_cents: number | null, max_cents: number | null) => ({ min_cents, max_cents });

describe('searchPath', () => {
  it('puts the trimmed query in q, and nothing else for a plain search', () => {
    expect(searchPath({ q: '  glovse  ' })).toBe('/search/?q=glovse');
    expect(searchPath({ q: 'trail shoe' })).toBe('/search/?q=trail+shoe');
    expect(searchPath({ q: '   ' })).toBe('/search/');
    expect(searchPath()).toBe('/search/');
  });

  it('writes every filter in a stable order and leaves out page 1', () => {
    const filters = {
      ...EMPTY_FILTERS,
      q: 'tee',
      sort: 'price-asc' as const,
      onSale: true,
      maxPriceCents: 24999,
      minPriceCents: 10000,
      category: 'apparel',
      brand: 'OVR',
    };
    expect(searchPath(filters)).toBe(
      '/search/?q=tee&brand=OVR&category=apparel&min_price_cents=10000&max_price_cents=24999&on_sale=true&sort=price-asc',
    );
    expect(searchPath({ ...filters, page: 3 })).toMatch(/&sort=price-asc&page=3$/);
  });

  it('round-trips through the URL', () => {
    const filters = { ...EMPTY_FILTERS, q: 'gloves', brand: 'PWR', minPriceCents: 0, maxPriceCents: 9999, page: 2 };
    const path = searchPath(filters);
    expect(searchFiltersFromParams(params(path.split('?')[1]!))).toEqual(filters);
  });
});

describe('searchFiltersFromParams', () => {
  it('ignores values the API would refuse', () => {
    expect(
      searchFiltersFromParams(params('q=%20x%20&brand=%20&min_price_cents=-5&max_price_cents=1.5&on_sale=yes&sort=cheapest&page=0')),
    ).toEqual({ ...EMPTY_FILTERS, q: 'x' });
  });

  it('accepts sortBy as an alias of sort', () => {
    expect(searchFiltersFromParams(params('sortBy=price-desc')).sort).toBe('price-desc');
  });
});

describe('facet links', () => {
  const base = { ...EMPTY_FILTERS, q: 'training', sort: 'newest' as const, page: 4 };

  it('choosing a brand or category keeps the query and sort and goes back to page 1', () => {
    expect(searchPath(toggleFacet(base, 'brand', 'OVR'))).toBe('/search/?q=training&brand=OVR&sort=newest');
    expect(searchPath(toggleFacet(base, 'category', 'footwear'))).toBe('/search/?q=training&category=footwear&sort=newest');
  });

  it('choosing the chosen value again removes it, and another value replaces it', () => {
    const withBrand = toggleFacet(base, 'brand', 'OVR');
    expect(toggleFacet(withBrand, 'brand', 'OVR').brand).toBeNull();
    expect(toggleFacet(withBrand, 'brand', 'PWR').brand).toBe('PWR');
  });

  it('a price band becomes an inclusive cents range (the band excludes its maximum)', () => {
    expect(searchPath(togglePriceBand(base, band(10000, 25000)))).toBe(
      '/search/?q=training&min_price_cents=10000&max_price_cents=24999&sort=newest',
    );
    expect(searchPath(togglePriceBand(base, band(null, 10000)))).toBe('/search/?q=training&max_price_cents=9999&sort=newest');
    expect(searchPath(togglePriceBand(base, band(100000, null)))).toBe('/search/?q=training&min_price_cents=100000&sort=newest');
  });

  it('knows which band is chosen, and choosing it again clears the range', () => {
    const chosen = togglePriceBand(base, band(10000, 25000));
    expect(isBandSelected(chosen, band(10000, 25000))).toBe(true);
    expect(isBandSelected(chosen, band(25000, 50000))).toBe(false);
    expect(isBandSelected(base, band(null, null))).toBe(false);
    const cleared = togglePriceBand(chosen, band(10000, 25000));
    expect(cleared.minPriceCents).toBeNull();
    expect(cleared.maxPriceCents).toBeNull();
  });

  it('on sale toggles, counts as a filter, and clearing keeps the query and sort', () => {
    const filtered = toggleOnSale(toggleFacet(base, 'brand', 'OVR'));
    expect(searchPath(filtered)).toBe('/search/?q=training&brand=OVR&on_sale=true&sort=newest');
    expect(activeFilterCount(filtered)).toBe(2);
    expect(searchPath(clearFilters(filtered))).toBe('/search/?q=training&sort=newest');
    expect(toggleOnSale(filtered).onSale).toBe(false);
  });
});

describe('searchApiPath', () => {
  it('asks the API for the page at 20 per page', () => {
    expect(searchApiPath({ ...EMPTY_FILTERS, q: 'glovse', brand: 'PWR', page: 2 })).toBe(
      '/api/v1/search?q=glovse&brand=PWR&page=2&per_page=20',
    );
    expect(searchApiPath(EMPTY_FILTERS)).toBe('/api/v1/search?page=1&per_page=20');
  });
});
