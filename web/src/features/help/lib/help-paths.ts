/** Where the help centre lives, on the storefront and in the admin area. */

export const HELP_PATH = '/help/';
export const CONTACT_PATH = '/contact/';
export const ADMIN_HELP_PATH = '/admin/help/';

/** Exported once as /help/article/_/; the server answers every slug from that shell. */
export const HELP_ARTICLE_PREFIX = '/help/article/';

export function helpArticleHref(slug: string): string {
  return `${HELP_ARTICLE_PREFIX}${encodeURIComponent(slug)}/`;
}

/** A category's section on /help/ (its slug is the section's id). */
export function helpCategoryHref(slug: string): string {
  return `${HELP_PATH}#${encodeURIComponent(slug)}`;
}

/** /help/ searching for `q` (trimmed; blank leaves the query out). */
export function helpSearchHref(q: string): string {
  const text = q.trim();
  return text ? `${HELP_PATH}?q=${encodeURIComponent(text)}` : HELP_PATH;
}

/** The API refuses a search longer than this (400). */
export const HELP_QUERY_MAX = 200;

/** "1 person found this helpful", "12 people found this helpful". */
export function helpfulText(count: number): string {
  return count === 1 ? '1 person found this helpful' : `${count.toLocaleString('en-ZA')} people found this helpful`;
}

export function noMatchText(q: string): string {
  return `No articles match “${q}”`;
}
