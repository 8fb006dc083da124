/**
 * Where sign-in returns the visitor to. A page that needs a signed-in user sends a signed-out
 * visitor to `/auth/?redirect=/vendor/apply/`; the auth page keeps that path for the tab
 * (sessionStorage, so it also survives the round trip through Google), and the full reload that
 * ends a sign-in goes there instead of to /.
 *
 * Only same-site paths are accepted: a value must start with a single `/` (not `//` or `/\`,
 * which browsers read as another host) and stay on this origin once resolved; anything else is
 * ignored and the visitor lands on / as usual.
 */

export const RETURN_PATH_PARAM = 'redirect';

const RETURN_PATH_KEY = 'bazaar.auth.return-path';

/** The sign-in pages themselves are never a destination (it would loop). */
const AUTH_PAGES = /^\/(auth|login|signup)(\/|$|\?|#)/;

/** `raw` as a same-site path (path, query and fragment), or null when it is not one. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters and whitespace have no place in a path we produced ourselves.
  if (/[\u0000-\u0020\u007f]/.test(raw)) return null;
  const base = 'http://return.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return AUTH_PAGES.test(path) ? null : path;
}

/** The sign-in page that comes back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `/auth/?${RETURN_PATH_PARAM}=${encodeURIComponent(safe)}` : '/auth/';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Called by the auth page with its `redirect` value: a safe path is kept for the sign-in that
 * follows; an auth page opened without one forgets any earlier path.
 */
export function rememberReturnPath(raw: string | null | undefined): void {
  const safe = safeReturnPath(raw);
  try {
    if (safe) storage()?.setItem(RETURN_PATH_KEY, safe);
    else storage()?.removeItem(RETURN_PATH_KEY);
  } catch {
    // Storage blocked: sign-in lands on / as before.
  }
}

/** Where a finished sign-in goes: the kept path (forgotten as it is read), else /. */
export function takeReturnPath(): string {
  try {
    const kept = safeReturnPath(storage()?.getItem(RETURN_PATH_KEY));
    storage()?.removeItem(RETURN_PATH_KEY);
    return kept ?? '/';
  } catch {
    return '/';
  }
}
