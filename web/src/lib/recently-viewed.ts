import { useSyncExternalStore } from 'react';

/**
 * Recently viewed products (SPEC §3, §9): a list of product ids kept in this browser's
 * localStorage, most recent first, without duplicates, at most 8. Product pages record a view;
 * the home page shows the list. Storage that is blocked or holds junk reads as an empty list.
 */

export const RECENTLY_VIEWED_KEY = 'bazaar.recently-viewed';
export const RECENTLY_VIEWED_MAX = 8;

// Product ids are UUIDs; anything else would make the API reject the whole `ids` list.
const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHANGE_EVENT = 'bazaar:recently-viewed';

export function isProductId(value: unknown): value is string {
  return typeof value === 'string' && PRODUCT_ID.test(value);
}

/** The list after viewing `id`: it moves (or is added) to the front; the oldest beyond 8 drop off. */
export function addRecentlyViewed(list: readonly string[], id: string): string[] {
  return [id, ...list.filter((existing) => existing !== id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Cleans a stored value: product ids only, first occurrence kept, at most 8. */
export function parseRecentlyViewed(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids: string[] = [];
  for (const item of value) {
    if (isProductId(item) && !ids.includes(item)) ids.push(item);
    if (ids.length === RECENTLY_VIEWED_MAX) break;
  }
  return ids;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENTLY_VIEWED_KEY);
  } catch {
    return null;
  }
}

export function readRecentlyViewed(): string[] {
  return parseRecentlyViewed(readRaw());
}

/** Records that the product `id` was viewed (the product page calls this when it loads). */
export function recordRecentlyViewed(id: string): void {
  if (!isProductId(id)) return;
  const next = addRecentlyViewed(readRecentlyViewed(), id);
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(next));
  } catch {
    return; // Storage blocked: nothing is remembered.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

// useSyncExternalStore needs the same array while the stored text is unchanged.
let cachedRaw: string | null | undefined;
let cachedIds: string[] = [];

function snapshot(): string[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parseRecentlyViewed(raw);
  }
  return cachedIds;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENTLY_VIEWED_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The list, kept up to date (also across tabs). `null` while prerendering and hydrating, when the
 * list cannot be known yet, so callers can wait instead of acting on an empty list.
 */
export function useRecentlyViewedIds(): string[] | null {
  return useSyncExternalStore<string[] | null>(subscribe, snapshot, () => null);
}
