import type { Session } from '@/lib/auth/types';

/**
 * The session in localStorage, shared by every tab: read it, replace it, and hear about changes
 * (from this tab directly, from other tabs through the `storage` event).
 */

export const SESSION_STORAGE_KEY = 'bazaar.auth.session';

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage blocked (privacy settings): behave as signed out.
  }
}

function isSession(value: unknown): value is Session {
  const v = value as Partial<Session> | null;
  return Boolean(
    v &&
      typeof v.access_token === 'string' &&
      typeof v.refresh_token === 'string' &&
      typeof v.expires_at === 'number' &&
      v.user &&
      typeof v.user.id === 'string',
  );
}

/** The stored session, or null. The same object is returned until the stored value changes. */
export function readSession(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedSession = isSession(parsed) ? parsed : null;
  } catch {
    cachedSession = null;
  }
  return cachedSession;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Stores a session, or with null removes it (sign-out). */
export function writeSession(session: Session | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (session) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else store.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Quota or privacy errors: the in-memory state below still follows the change.
  }
  notify();
}

function onStorage(event: StorageEvent) {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) notify();
}

export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
