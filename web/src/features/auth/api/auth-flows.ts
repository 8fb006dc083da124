import { fetchProfile, updateProfile } from '@/lib/account/profile';
import {
  challengeAndVerify,
  fetchAuthUser,
  googleAuthorizeUrl,
  isSessionResponse,
  logout,
  signInWithPassword,
  signUp,
} from '@/lib/auth/auth-api';
import { decodeAccessToken } from '@/lib/auth/jwt';
import { takeReturnPath } from '@/lib/auth/return-path';
import { startSession } from '@/lib/auth/session';
import { verifiedTotpFactors, type AuthFactor, type SessionResponse } from '@/lib/auth/types';
import { setFlashToast } from '@/lib/flash-toast';
import { loadPage } from '@/lib/navigation';
import { isThemePreference, readThemePreference, saveThemePreference } from '@/lib/theme/theme';
import { trackConversion } from '@/lib/tracking/conversions';
import { AUTH_MESSAGES, type SignUpValues } from '@/features/auth/lib/auth-messages';

/**
 * Signing in and up, end to end: the auth calls, the second factor when the account has one,
 * storing the session, and the full reload to / that SPEC §2 asks for (or to the page that sent
 * the visitor to sign in, lib/auth/return-path).
 */

/** Where the server sends the browser back after Google (docs/decisions.md). */
export const OAUTH_CALLBACK_PATH = '/auth/callback/';

export type SignInResult =
  | { kind: 'signed-in' }
  /** The password was right and the account has a verified factor: a code is needed (aal2). */
  | { kind: 'second-factor'; pending: SessionResponse; factor: AuthFactor };

/** The verified factor still to be passed, or null when the session is complete. */
export function pendingFactor(response: SessionResponse): AuthFactor | null {
  if (decodeAccessToken(response.access_token).aal === 'aal2') return null;
  return verifiedTotpFactors(response.user)[0] ?? null;
}

/** The account's theme follows the user to this browser (failures leave the local choice). */
async function adoptProfileTheme(): Promise<void> {
  try {
    const { profile } = await fetchProfile();
    if (isThemePreference(profile.theme)) saveThemePreference(profile.theme);
  } catch {
    // Profile failures are logged only (SPEC §8); the local theme stays.
  }
}

async function finishSignIn(response: SessionResponse): Promise<void> {
  startSession(response);
  await adoptProfileTheme();
  setFlashToast({ kind: 'success', title: AUTH_MESSAGES.signedIn });
  loadPage(takeReturnPath());
}

/** Stores the session unless a second factor is still needed. */
export async function completeSignIn(response: SessionResponse): Promise<SignInResult> {
  const factor = pendingFactor(response);
  if (factor) return { kind: 'second-factor', pending: response, factor };
  await finishSignIn(response);
  return { kind: 'signed-in' };
}

export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  return completeSignIn(await signInWithPassword(email, password));
}

/** Passes the second factor of a pending sign-in; the raised (aal2) session is then stored. */
export async function verifySecondFactor(pending: SessionResponse, factorId: string, code: string): Promise<void> {
  await finishSignIn(await challengeAndVerify(pending.access_token, factorId, code));
}

/** Ends a sign-in left at the code step, so no half-signed-in session lingers on the server. */
export async function abandonSignIn(pending: SessionResponse): Promise<void> {
  await logout(pending.access_token, 'local').catch(() => undefined);
}

/**
 * 'check-email' when the address must be confirmed first (the default); when the server confirms
 * at once and returns a session, the user is signed in and the site reloads at /.
 */
export async function signUpWithEmail(values: SignUpValues): Promise<'check-email' | 'signed-in'> {
  const result = await signUp({
    email: values.email,
    password: values.password,
    fullName: values.fullName,
    redirectTo: `${window.location.origin}/`,
  });
  // The account exists now, whether or not its address must be confirmed first.
  trackConversion({ type: 'sign_up' });
  if (!isSessionResponse(result)) return 'check-email';
  startSession(result);
  // A new account starts with the theme this browser already uses.
  await updateProfile({ theme: readThemePreference() }).catch(() => undefined);
  setFlashToast({ kind: 'success', title: AUTH_MESSAGES.signedIn });
  loadPage(takeReturnPath());
  return 'signed-in';
}

/**
 * Sends the browser to Google through the server. The server is asked first: when Google
 * sign-in is not set up it answers with an error instead of a redirect, and the page says so
 * rather than leaving the site.
 */
export async function startGoogleSignIn(): Promise<void> {
  const url = googleAuthorizeUrl(`${window.location.origin}${OAUTH_CALLBACK_PATH}`);
  const probe = await fetch(url, { redirect: 'manual', headers: { Accept: 'application/json' } });
  const redirects = probe.type === 'opaqueredirect' || (probe.status >= 300 && probe.status < 400);
  if (!redirects) throw new Error(AUTH_MESSAGES.googleFailed);
  loadPage(url);
}

/** The tokens (or the error) the server put in the callback URL's fragment. */
export type CallbackFragment =
  | { kind: 'tokens'; accessToken: string; refreshToken: string; expiresIn: number; expiresAt?: number }
  | { kind: 'error'; description: string }
  | { kind: 'empty' };

export function parseCallbackFragment(hash: string): CallbackFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error') || params.get('error_code')) {
    return { kind: 'error', description: params.get('error_description') ?? AUTH_MESSAGES.googleFailed };
  }
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const expiresIn = Number(params.get('expires_in'));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresIn) || expiresIn <= 0) return { kind: 'empty' };
  const expiresAt = Number(params.get('expires_at'));
  return {
    kind: 'tokens',
    accessToken,
    refreshToken,
    expiresIn,
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : undefined,
  };
}

/** Turns the callback's tokens into a session (the user is read from the server). */
export async function completeOAuthSignIn(
  fragment: Extract<CallbackFragment, { kind: 'tokens' }>,
): Promise<SignInResult> {
  const user = await fetchAuthUser(fragment.accessToken);
  return completeSignIn({
    access_token: fragment.accessToken,
    refresh_token: fragment.refreshToken,
    expires_in: fragment.expiresIn,
    expires_at: fragment.expiresAt,
    token_type: 'bearer',
    user,
  });
}
