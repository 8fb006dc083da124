import {
  AuthError,
  fetchAuthUser,
  logout,
  refreshTokens,
  toSession,
} from '@/lib/auth/auth-api';
import { readSession, subscribeSession, writeSession } from '@/lib/auth/session-store';
import type { AuthUser, Session, SessionResponse } from '@/lib/auth/types';

/**
 * Keeping the session alive (SPEC §4 "Session"): tokens are refreshed shortly before they expire,
 * when the tab becomes visible again, and before any call that needs them; sign-out ends the
 * session on the server when it can and always forgets it here.
 */

/** Refresh when less than this is left (auth-js uses the same margin). */
export const REFRESH_MARGIN_SECONDS = 90;
/** After a refresh that failed for want of a server, try again this much later. */
const RETRY_DELAY_MS = 30_000;
/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function expiresSoon(session: Session, now = nowSeconds()): boolean {
  return session.expires_at - now < REFRESH_MARGIN_SECONDS;
}

/** Statuses that mean the refresh token (or its session) is no longer valid. */
function endsSession(error: unknown): boolean {
  return error instanceof AuthError && [400, 401, 403, 404].includes(error.status);
}

/** Stores a session the server has just issued (sign-in, sign-up, MFA verify, OAuth callback). */
export function startSession(response: SessionResponse): Session {
  const session = toSession(response);
  writeSession(session);
  return session;
}

/** Replaces the stored user (after reading it again from the server), keeping the tokens. */
export function updateStoredUser(user: AuthUser): void {
  const session = readSession();
  if (!session || session.user.id !== user.id) return;
  if (JSON.stringify(session.user) === JSON.stringify(user)) return;
  writeSession({ ...session, user });
}

/**
 * Refresh tokens rotate and a reused one ends the whole session (docs/decisions.md), so only one
 * refresh may run at a time across all tabs: a Web Lock where the browser has them, and one
 * promise per tab in any case.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return locks.request('bazaar-auth-refresh', task) as Promise<T>;
  }
  return task();
}

async function refreshHoldingLock(seenRefreshToken: string | undefined): Promise<Session | null> {
  const current = readSession();
  if (!current) return null;
  // Another tab refreshed while this one waited for the lock: its tokens are the current ones.
  if (current.refresh_token !== seenRefreshToken && !expiresSoon(current)) return current;
  try {
    const next = toSession(await refreshTokens(current.refresh_token));
    writeSession(next);
    return next;
  } catch (error) {
    if (!endsSession(error)) throw error;
    if (readSession()?.refresh_token === current.refresh_token) writeSession(null);
    return null;
  }
}

let inflight: Promise<Session | null> | null = null;

/**
 * New tokens for the stored session. Resolves to null when the session has ended (it is then
 * forgotten); rejects when the server could not be reached (the session is kept).
 */
export function refreshSession(): Promise<Session | null> {
  if (!inflight) {
    const seen = readSession()?.refresh_token;
    inflight = withRefreshLock(() => refreshHoldingLock(seen)).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

/** A usable access token, refreshed first if it is about to expire; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  if (!expiresSoon(session)) return session.access_token;
  try {
    return (await refreshSession())?.access_token ?? null;
  } catch {
    // The server is unreachable: a token that has not expired yet still works.
    return session.expires_at > nowSeconds() ? session.access_token : null;
  }
}

/** Reads the user again; a session the server no longer knows (signed out elsewhere) is dropped. */
export async function revalidateSession(): Promise<void> {
  const token = await getAccessToken();
  if (!token) return;
  try {
    updateStoredUser(await fetchAuthUser(token));
  } catch (error) {
    if (error instanceof AuthError && (error.status === 401 || error.status === 403)) {
      if (readSession()?.access_token === token) writeSession(null);
    }
  }
}

/** Signs out everywhere; continues when the server call fails and always clears the stored session. */
export async function signOut(): Promise<void> {
  try {
    const token = await getAccessToken();
    if (token) await logout(token, 'global', AbortSignal.timeout(5000));
  } catch {
    // SPEC §4: sign-out goes on without the server.
  } finally {
    writeSession(null);
  }
}

/** Keeps the stored session fresh while the page is open. Returns the function that stops it. */
export function startSessionKeeper(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = () => {
    const session = readSession();
    if (!session) return;
    if (!expiresSoon(session)) {
      schedule();
      return;
    }
    refreshSession().catch(() => {
      clearTimeout(timer);
      timer = setTimeout(tick, RETRY_DELAY_MS);
    });
  };

  function schedule() {
    clearTimeout(timer);
    const session = readSession();
    if (!session) return;
    const delay = (session.expires_at - REFRESH_MARGIN_SECONDS - nowSeconds()) * 1000;
    timer = setTimeout(tick, Math.min(Math.max(delay, 0), MAX_TIMER_MS));
  }

  const onVisibility = () => {
    if (document.visibilityState === 'visible') tick();
  };

  const unsubscribe = subscribeSession(schedule);
  document.addEventListener('visibilitychange', onVisibility);
  schedule();
  void revalidateSession();

  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
