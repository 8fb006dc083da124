import { apiUrl } from '@/lib/api-url';
import type {
  AuthUser,
  MfaChallenge,
  Session,
  SessionResponse,
  TotpEnrolment,
} from '@/lib/auth/types';

/**
 * The calls to the GoTrue-compatible auth API under /auth/v1 (docs/auth-wire.md §4). Errors come
 * back as AuthError with the server's code and message, which the site shows as they are.
 */

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
  }

  /** A 4xx: the answer will not change by asking again. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

interface AuthRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value !== '');
}

async function toAuthError(response: Response): Promise<AuthError> {
  let body: Record<string, unknown> = {};
  try {
    body = ((await response.json()) ?? {}) as Record<string, unknown>;
  } catch {
    // Not JSON: keep the status only.
  }
  const code = firstString(body.code, body.error_code) ?? 'http_error';
  const message =
    firstString(body.msg, body.message, body.error_description, body.error) ??
    `Request failed with status ${response.status}`;
  return new AuthError(response.status, code, message);
}

async function authRequest<T>(path: string, { method = 'GET', body, token, signal }: AuthRequest = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Errors then carry their code in the 2024-01-01 shape (docs/auth-wire.md §2).
    'X-Supabase-Api-Version': '2024-01-01',
  };
  if (method !== 'GET') headers['Content-Type'] = 'application/json;charset=UTF-8';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(`/auth/v1${path}`), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new AuthError(0, 'network_error', 'Could not reach the server');
  }
  if (!response.ok) throw await toAuthError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The stored form of a session response: `expires_at` from the server, else now + expires_in. */
export function toSession(response: SessionResponse, nowSeconds = Math.floor(Date.now() / 1000)): Session {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token,
    expires_at: response.expires_at ?? nowSeconds + response.expires_in,
    token_type: response.token_type,
    user: response.user,
  };
}

/** auth-js's rule: a response holds a session when it has both tokens and an expiry. */
export function isSessionResponse(value: unknown): value is SessionResponse {
  const v = value as Partial<SessionResponse> | null;
  return Boolean(v && v.access_token && v.refresh_token && v.expires_in && v.user);
}

export function signUp(input: {
  email: string;
  password: string;
  fullName: string;
  redirectTo: string;
}): Promise<SessionResponse | AuthUser> {
  const query = new URLSearchParams({ redirect_to: input.redirectTo });
  return authRequest(`/signup?${query.toString()}`, {
    method: 'POST',
    body: { email: input.email, password: input.password, data: { full_name: input.fullName } },
  });
}

export function signInWithPassword(email: string, password: string): Promise<SessionResponse> {
  return authRequest('/token?grant_type=password', { method: 'POST', body: { email, password } });
}

export function refreshTokens(refreshToken: string): Promise<SessionResponse> {
  return authRequest('/token?grant_type=refresh_token', {
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
}

export function fetchAuthUser(token: string, signal?: AbortSignal): Promise<AuthUser> {
  return authRequest('/user', { token, signal });
}

/** Ends every session of the user (SPEC §7 "global sign-out"). */
export function logout(token: string, scope: 'global' | 'local' = 'global', signal?: AbortSignal): Promise<void> {
  return authRequest(`/logout?scope=${scope}`, { method: 'POST', token, signal });
}

export function enrollTotp(token: string, friendlyName: string, issuer: string): Promise<TotpEnrolment> {
  return authRequest('/factors', {
    method: 'POST',
    token,
    body: { factor_type: 'totp', friendly_name: friendlyName, issuer },
  });
}

export function challengeFactor(token: string, factorId: string): Promise<MfaChallenge> {
  return authRequest(`/factors/${encodeURIComponent(factorId)}/challenge`, { method: 'POST', token, body: {} });
}

export function verifyFactor(
  token: string,
  factorId: string,
  challengeId: string,
  code: string,
): Promise<SessionResponse> {
  return authRequest(`/factors/${encodeURIComponent(factorId)}/verify`, {
    method: 'POST',
    token,
    body: { challenge_id: challengeId, code },
  });
}

/** Each challenge allows one guess, so every code gets a fresh one. */
export async function challengeAndVerify(token: string, factorId: string, code: string): Promise<SessionResponse> {
  const challenge = await challengeFactor(token, factorId);
  return verifyFactor(token, factorId, challenge.id, code);
}

export function unenrollFactor(token: string, factorId: string): Promise<{ id: string }> {
  return authRequest(`/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE', token });
}

/** Where "Continue with Google" sends the browser; the server comes back to `redirectTo`. */
export function googleAuthorizeUrl(redirectTo: string): string {
  const query = new URLSearchParams({ provider: 'google', redirect_to: redirectTo });
  return apiUrl(`/auth/v1/authorize?${query.toString()}`);
}
