import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  addRecentlyViewed,
  parseRecentlyViewed,
  readRecentlyViewed,
  recordRecentlyViewed,
  useRecentlyViewedIds,
} from '@/lib/recently-viewed';

/** A product id (UUID) ending in `n`. */
function id(n: number): string {
  return `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

describe('addRecentlyViewed', () => {
  it('puts the viewed product first', () => {
    expect(addRecentlyViewed([], id(1))).toEqual([id(1)]);
    expect(addRecentlyViewed([id(1), id(2)], id(3))).toEqual([id(3), id(1), id(2)]);
  });

  it('moves a product viewed again to the front instead of listing it twice', () => {
    expect(addRecentlyViewed([id(1), id(2), id(3)], id(3))).toEqual([id(3), id(1), id(2)]);
    expect(addRecentlyViewed([id(1), id(2)], id(1))).toEqual([id(1), id(2)]);
  });

  it('keeps at most 8, dropping the oldest', () => {
    expect(RECENTLY_VIEWED_MAX).toBe(8);
    const eight = [8, 7, 6, 5, 4, 3, 2, 1].map(id);
    expect(addRecentlyViewed(eight, id(9))).toEqual([9, 8, 7, 6, 5, 4, 3, 2].map(id));
    // Re-viewing one of the eight keeps all eight.
    expect(addRecentlyViewed(eight, id(1))).toEqual([1, 8, 7, 6, 5, 4, 3, 2].map(id));
  });
});

describe('parseRecentlyViewed', () => {
  it('reads junk as an empty list', () => {
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed('not json')).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
  });

  it('keeps product ids only, once each, at most 8', () => {
    const stored = JSON.stringify([id(1), 'x', 42, id(2), id(1), ...[3, 4, 5, 6, 7, 8, 9, 10].map(id)]);
    expect(parseRecentlyViewed(stored)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(id));
  });
});

describe('recordRecentlyViewed', () => {
  it('stores the list in localStorage, most recent first, without duplicates', () => {
    recordRecentlyViewed(id(1));
    recordRecentlyViewed(id(2));
    recordRecentlyViewed(id(1));
    expect(JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY)!)).toEqual([id(1), id(2)]);
    expect(readRecentlyViewed()).toEqual([id(1), id(2)]);
  });

  it('keeps the 8 most recent of many views', () => {
    for (let n = 1; n <= 12; n += 1) recordRecentlyViewed(id(n));
    expect(readRecentlyViewed()).toEqual([12, 11, 10, 9, 8, 7, 6, 5].map(id));
  });

  it('ignores something that is not a product id', () => {
    recordRecentlyViewed('ovr-aero-running-tee');
    expect(window.localStorage.getItem(RECENTLY_VIEWED_KEY)).toBeNull();
  });

  it('updates the hook at once', () => {
    const { result } = renderHook(() => useRecentlyViewedIds());
    expect(result.current).toEqual([]);
    act(() => recordRecentlyViewed(id(5)));
    expect(result.current).toEqual([id(5)]);
    act(() => recordRecentlyViewed(id(6)));
    expect(result.current).toEqual([id(6), id(5)]);
  });
});
