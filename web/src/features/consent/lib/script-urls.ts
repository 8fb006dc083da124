import type { PublicTracking } from '@/lib/public-settings';

/**
 * The tools' scripts, as each vendor's standard snippet loads them (apart from tools.ts, which
 * the first load carries: these are needed only once a tool may load).
 */

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
const HOTJAR_URL = 'https://static.hotjar.com/c/hotjar-';
/** Hotjar's snippet version, as its standard loader sends it. */
export const HOTJAR_SNIPPET_VERSION = 6;
const META_PIXEL_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The scripts the allowed tools load, in order: the Google tag once per id, Hotjar, the Pixel. */
export function scriptUrls(tools: PublicTracking): string[] {
  const urls: string[] = [];
  if (tools.ga4) urls.push(`${GTAG_URL}?id=${encodeURIComponent(tools.ga4.measurement_id)}`);
  if (tools.google_ads) urls.push(`${GTAG_URL}?id=${encodeURIComponent(tools.google_ads.conversion_id)}`);
  if (tools.hotjar) {
    urls.push(`${HOTJAR_URL}${encodeURIComponent(tools.hotjar.site_id)}.js?sv=${HOTJAR_SNIPPET_VERSION}`);
  }
  if (tools.meta_pixel) urls.push(META_PIXEL_URL);
  return urls;
}
