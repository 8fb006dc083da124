/** Shapes of the GoTrue-compatible auth API (`/auth/v1`, docs/auth-wire.md §3). */

export type Role = 'customer' | 'vendor' | 'admin';

export interface AuthFactor {
  id: string;
  friendly_name?: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
}

export interface AuthUser {
  id: string;
  email: string;
  user_metadata?: { full_name?: string; avatar_url?: string | null; [key: string]: unknown };
  app_metadata?: { provider?: string; role?: string; [key: string]: unknown };
  factors?: AuthFactor[];
  created_at?: string;
}

/** What the site keeps in localStorage: the tokens, when the access token expires, and the user. */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  token_type: string;
  user: AuthUser;
}

/** A session as the server sends it (sign-in, refresh, sign-up without confirmation, MFA verify). */
export interface SessionResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: AuthUser;
}

export interface TotpEnrolment {
  id: string;
  type: 'totp';
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

export interface MfaChallenge {
  id: string;
  type: 'totp';
  expires_at: number;
}

/** Verified TOTP factors: only these count (SPEC §4 "Multi-factor"). */
export function verifiedTotpFactors(user: AuthUser | null | undefined): AuthFactor[] {
  return (user?.factors ?? []).filter((f) => f.factor_type === 'totp' && f.status === 'verified');
}
