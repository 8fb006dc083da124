import { describe, expect, it } from 'vitest';
import {
  fieldSentence,
  inventoryFiltersFrom,
  inventoryHref,
  lowStockSummary,
  movementReason,
  parseWholeNumber,
  signedChange,
} from '@/features/inventory/lib/inventory-list';

const PRODUCT = '0190f000-0000-7000-8000-00000000a001';

describe('the inventory URL', () => {
  it('reads the filters and leaves the defaults out when writing them back', () => {
    const filters = inventoryFiltersFrom(new URLSearchParams(`q=+tee+&low=true&page=3&product=${PRODUCT}&history=2`));
    expect(filters).toEqual({ q: 'tee', low: true, page: 3, product: PRODUCT, historyPage: 2 });
    expect(inventoryHref(filters)).toBe(`/vendor/inventory/?q=tee&low=true&page=3&product=${PRODUCT}&history=2`);
    expect(inventoryHref(inventoryFiltersFrom(null))).toBe('/vendor/inventory/');
    expect(inventoryHref({ ...inventoryFiltersFrom(null), product: PRODUCT }, 'stock-history')).toBe(
      `/vendor/inventory/?product=${PRODUCT}#stock-history`,
    );
  });

  it('ignores what the API would refuse: another low value, a product that is not an id, bad pages', () => {
    expect(inventoryFiltersFrom(new URLSearchParams('low=1&product=abc&page=0&history=x'))).toEqual({
      q: '',
      low: false,
      page: 1,
      product: null,
      historyPage: 1,
    });
  });
});

describe('inventory words', () => {
  it('counts the low levels', () => {
    expect(lowStockSummary(0)).toBe('Nothing is low on stock.');
    expect(lowStockSummary(1)).toBe('1 item is low on stock.');
    expect(lowStockSummary(3)).toBe('3 items are low on stock.');
  });

  it('names each reason and signs each change', () => {
    expect(['sale', 'cancellation', 'manual', 'import'].map(movementReason)).toEqual([
      'Sale',
      'Cancellation',
      'Manual change',
      'Import',
    ]);
    expect([signedChange(5), signedChange(-1), signedChange(0)]).toEqual(['+5', '\u22121', '0']);
  });

  it('reads whole numbers only, leaving the range to the API', () => {
    expect(['12', ' 0 ', '-4', '2.5', '', 'abc', '1e3'].map(parseWholeNumber)).toEqual([12, 0, -4, null, null, null, null]);
    expect(fieldSentence('Stock', 'must be between 0 and 1000000000')).toBe('Stock must be between 0 and 1000000000');
    expect(fieldSentence('Stock', 'Not your product')).toBe('Not your product');
  });
});
