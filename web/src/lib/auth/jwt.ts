/** Reads (never verifies: the server does) the claims the site needs from an access token. */

export interface AccessClaims {
  exp?: number;
  aal?: 'aal1' | 'aal2';
  session_id?: string;
}

export function decodeAccessToken(token: string): AccessClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as AccessClaims) : {};
  } catch {
    return {};
  }
}
