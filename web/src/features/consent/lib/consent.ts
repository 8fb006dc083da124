import { useSyncExternalStore } from 'react';

/**
 * The visitor's cookie choice: necessary storage is always on; analytics (GA4, Hotjar) and
 * marketing (Google Ads, the Meta Pixel) only when accepted. Kept in localStorage with the date
 * it was made, shared by the tabs. A choice older than a year no longer counts, so the banner
 * asks again; a new key version does the same when what is asked changes.
 */

export const CONSENT_KEY = 'bazaar.consent.v1';
/** How long a choice holds before the visitor is asked again. */
const CONSENT_MAX_AGE_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ConsentCategory = 'analytics' | 'marketing';

export type ConsentChoice = Record<ConsentCategory, boolean>;

export interface Consent extends ConsentChoice {
  /** When the visitor chose (ISO 8601). */
  decided_at: string;
}

export const ALL_ACCEPTED: ConsentChoice = { analytics: true, marketing: true };
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, marketing: false };

/** The stored choice, or null when there is none, it is unreadable or it has expired. */
export function parseConsent(raw: string | null, now: number): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent> | null;
    if (typeof value?.analytics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    const decided = typeof value.decided_at === 'string' ? Date.parse(value.decided_at) : Number.NaN;
    if (!Number.isFinite(decided) || now - decided > CONSENT_MAX_AGE_DAYS * DAY_MS) return null;
    return { analytics: value.analytics, marketing: value.marketing, decided_at: value.decided_at! };
  } catch {
    return null;
  }
}

/** The categories on in `before` and no longer on in `after` (no choice counts as none on). */
export function withdrawnCategories(before: ConsentChoice | null, after: ConsentChoice | null): ConsentCategory[] {
  const categories: ConsentCategory[] = ['analytics', 'marketing'];
  return categories.filter((category) => before?.[category] === true && after?.[category] !== true);
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedConsent: Consent | null = null;
/** A choice the browser would not store: it holds for this page only. */
let unstoredRaw: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function storedRaw(): string | null {
  try {
    return unstoredRaw ?? storage()?.getItem(CONSENT_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The current choice; the same object while the stored value is unchanged. */
export function readConsent(): Consent | null {
  const raw = storedRaw();
  if (raw === cachedRaw) return cachedConsent;
  cachedRaw = raw;
  cachedConsent = parseConsent(raw, Date.now());
  return cachedConsent;
}

/** Keeps the visitor's choice, dated now, and tells every reader in this tab. */
export function saveConsent(choice: ConsentChoice): Consent {
  const consent: Consent = { analytics: choice.analytics, marketing: choice.marketing, decided_at: new Date().toISOString() };
  const raw = JSON.stringify(consent);
  try {
    const store = storage();
    if (!store) throw new Error('No localStorage');
    store.setItem(CONSENT_KEY, raw);
    unstoredRaw = null;
  } catch {
    // Storage full or blocked: the choice holds for this page only.
    unstoredRaw = raw;
  }
  for (const listener of [...listeners]) listener();
  return consent;
}

/** Changes in this tab, and in other tabs (the storage event). */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const noChoice = () => null;

/** The visitor's choice; null while prerendering and hydrating, and when they have not chosen. */
export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribeConsent, readConsent, noChoice);
}
