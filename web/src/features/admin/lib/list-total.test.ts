import { describe, expect, it } from 'vitest';
import { countText, pagesFor } from '@/features/admin/lib/list-total';

describe('list totals', () => {
  it('offers the counted pages, and one more while a capped list fills its pages', () => {
    expect(pagesFor({ count: 0, capped: false }, 1, 0, 20)).toBe(1);
    expect(pagesFor({ count: 41, capped: false }, 1, 20, 20)).toBe(3);
    expect(pagesFor({ count: 100, capped: true }, 5, 20, 20)).toBe(6);
    expect(pagesFor({ count: 100, capped: true }, 2, 20, 20)).toBe(5);
    expect(pagesFor({ count: 100, capped: true }, 6, 7, 20)).toBe(5);
  });

  it('says a capped count is a floor', () => {
    expect(countText({ count: 1, capped: false }, 'item', 'items')).toBe('1 item');
    expect(countText({ count: 0, capped: false }, 'item', 'items')).toBe('0 items');
    expect(countText({ count: 10_000, capped: true }, 'item', 'items')).toBe('More than 10,000 items');
  });
});
