import type { ConsentCategory } from '@/features/consent/lib/consent';

/**
 * The cookies (and Hotjar's web storage) the tools leave behind, so that withdrawing a category
 * also removes what its tools stored on the site's domain. Cookies the tools keep on their own
 * domains are theirs to clear; the visitor's browser settings reach those.
 */

const COOKIE_PATTERNS: Record<ConsentCategory, RegExp> = {
  // GA4 (_ga, _ga_<container>, and the older _gid and _gat) and Hotjar (_hj…).
  analytics: /^(_ga|_ga_.+|_gid|_gat|_gat_.+|_hj.+)$/,
  // Google Ads (_gcl_au, _gcl_aw…, _gac_…) and the Meta Pixel (_fbp, _fbc).
  marketing: /^(_gcl_.+|_gac_.+|_fbp|_fbc)$/,
};

/** The names in a `document.cookie` string that belong to the tools of `categories`. */
export function trackingCookieNames(cookies: string, categories: readonly ConsentCategory[]): string[] {
  const names = cookies
    .split(';')
    .map((pair) => pair.split('=', 1)[0]!.trim())
    .filter((name) => categories.some((category) => COOKIE_PATTERNS[category].test(name)));
  return [...new Set(names)];
}

/**
 * The domains a cookie of this page may have been set on: the host and each parent with at least
 * two labels (GA sets its cookies on the widest one it may, e.g. example.co.za). `null` is the
 * host-only cookie, the only kind an IP address or `localhost` has.
 */
export function cookieDomains(hostname: string): (string | null)[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [null];
  const labels = hostname.split('.');
  const parents = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  return [null, ...parents];
}

/** Expires the tools' cookies of `categories` on every domain they may be on. */
export function clearTrackingCookies(categories: readonly ConsentCategory[], doc: Document = document): void {
  const names = trackingCookieNames(doc.cookie, categories);
  const domains = cookieDomains(doc.location.hostname);
  for (const name of names) {
    for (const domain of domains) {
      doc.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
  if (categories.includes('analytics')) clearHotjarStorage();
}

/** Hotjar also keeps its ids in web storage under `_hj…` keys. */
function clearHotjarStorage() {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const store = storage();
      const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
      keys.filter((key): key is string => key?.startsWith('_hj') ?? false).forEach((key) => store.removeItem(key));
    } catch {
      // Storage blocked: nothing was kept there either.
    }
  }
}
