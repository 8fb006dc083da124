/**
 * Where the home page's "View all" links and tiles go (trailingSlash: true, as the export writes
 * paths). The products page reads `sortBy` as an alias of `sort` (SPEC §2: special offers).
 */

export const PRODUCTS_PATH = '/products/';
export const FEATURED_PATH = '/products/?sort=featured';
export const NEWEST_PATH = '/products/?sort=newest';
export const SPECIAL_OFFERS_PATH = '/products/?sortBy=price-desc';
export const DAILY_DEALS_PATH = '/daily-deals/';
export const CATEGORIES_PATH = '/categories/';
export const DELIVERY_POLICY_PATH = '/delivery-policy/';
export const RETURNS_PATH = '/returns/';

export function categoryPath(slug: string): string {
  return `/products/?category=${encodeURIComponent(slug)}`;
}
