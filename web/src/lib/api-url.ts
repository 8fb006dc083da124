/**
 * The absolute URL of an API path (`/api/v1/...`, `/auth/v1/...`): same origin as the page,
 * optionally prefixed by NEXT_PUBLIC_API_BASE in development.
 */
export function apiUrl(path: string): string {
  const base = process.env.NEXT_PUBLIC_API_BASE ?? '';
  if (base) return `${base.replace(/\/$/, '')}${path}`;
  // Absolute in the browser (and under jsdom); the page's origin is the API's origin.
  if (typeof window !== 'undefined') return new URL(path, window.location.origin).toString();
  return path;
}
