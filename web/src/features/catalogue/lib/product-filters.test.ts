import { describe, expect, it } from 'vitest';
import { filtersFromParams, productsPath } from '@/features/catalogue/lib/product-filters';

describe('product filters', () => {
  it('reads sort (or its alias sortBy), brand, category and page', () => {
    expect(filtersFromParams(new URLSearchParams('sortBy=price-desc&brand=OVR&category=apparel&page=2'))).toEqual({
      sort: 'price-desc',
      brand: 'OVR',
      category: 'apparel',
      page: 2,
    });
    expect(filtersFromParams(new URLSearchParams('sort=newest&sortBy=price-desc')).sort).toBe('newest');
  });

  it('ignores an unknown sort and empty values', () => {
    expect(filtersFromParams(new URLSearchParams('sort=bogus&brand=&page=x'))).toEqual({
      sort: null,
      brand: null,
      category: null,
      page: 1,
    });
  });

  it('writes paths with page 1 left out', () => {
    expect(productsPath()).toBe('/products/');
    expect(productsPath({ sort: 'newest', page: 1 })).toBe('/products/?sort=newest');
    expect(productsPath({ category: 'a b', brand: 'OVR', sort: 'featured', page: 3 })).toBe(
      '/products/?category=a+b&brand=OVR&sort=featured&page=3',
    );
  });
});
