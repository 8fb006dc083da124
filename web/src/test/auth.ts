import { SESSION_STORAGE_KEY } from '@/lib/auth/session-store';
import type { AuthFactor, AuthUser, Session, SessionResponse } from '@/lib/auth/types';
import type { Profile } from '@/lib/account/profile';

/** Auth payloads shaped as docs/auth-wire.md §3, and a stored session to start a test with. */

export const USER_ID = '0190b000-0000-7000-8000-000000000001';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the claims the site reads (the server, not the site, checks signatures). */
export function makeJwt(claims: { aal?: 'aal1' | 'aal2'; exp?: number; label?: string } = {}): string {
  const payload = { sub: USER_ID, aal: claims.aal ?? 'aal1', exp: claims.exp ?? 0, jti: claims.label ?? 'token' };
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: USER_ID,
    email: 'chloe@example.com',
    user_metadata: { full_name: 'Chloe Customer' },
    app_metadata: { provider: 'email', role: 'customer' },
    factors: [],
    created_at: '2026-10-01T10:00:00Z',
    ...overrides,
  };
}

export function totpFactor(overrides: Partial<AuthFactor> = {}): AuthFactor {
  return {
    id: '0190b000-0000-7000-8000-0000000000f1',
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-11-02T08:00:00Z',
    updated_at: '2026-11-02T08:00:00Z',
    ...overrides,
  };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function sessionResponse(
  overrides: Partial<SessionResponse> & { aal?: 'aal1' | 'aal2'; label?: string } = {},
): SessionResponse {
  const { aal, label, ...rest } = overrides;
  const expiresAt = nowSeconds() + 3600;
  return {
    access_token: makeJwt({ aal, exp: expiresAt, label: label ?? 'access-1' }),
    refresh_token: `refresh-${label ?? '1'}`,
    expires_in: 3600,
    expires_at: expiresAt,
    token_type: 'bearer',
    user: authUser(),
    ...rest,
  };
}

/** Puts a session in localStorage, as a signed-in visitor's browser has it. */
export function storeSession(overrides: Partial<Session> = {}): Session {
  const expiresAt = overrides.expires_at ?? nowSeconds() + 3600;
  const session: Session = {
    access_token: makeJwt({ exp: expiresAt, label: 'stored' }),
    refresh_token: 'refresh-stored',
    expires_at: expiresAt,
    token_type: 'bearer',
    user: authUser(),
    ...overrides,
  };
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

export function storedSession(): Session | null {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

export function profile(overrides: Partial<Profile> = {}): { profile: Profile } {
  return {
    profile: {
      id: USER_ID,
      role: 'customer',
      full_name: 'Chloe Customer',
      avatar_url: null,
      theme: 'system',
      ...overrides,
    },
  };
}
