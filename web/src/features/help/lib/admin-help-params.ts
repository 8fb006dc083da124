import type { HelpArticleFilters } from '@/features/help/api/admin-help';
import { ADMIN_HELP_PATH } from '@/features/help/lib/help-paths';

/**
 * /admin/help/ keeps its state in the URL (STYLE.md "Lists"): `?category=<id>&q=<text>` filter
 * the articles, and `&article=<id>` (or `new`) opens the editor in place of the list.
 */
export interface AdminHelpParams extends HelpArticleFilters {
  /** The article open in the editor: an id, 'new', or null for the list. */
  article: string | null;
}

export const NEW_ARTICLE = 'new';

/** What an id in the address may look like (anything else is ignored rather than sent to the API). */
const ID = /^[0-9A-Za-z_-]{1,64}$/;

export function isRecordId(value: string): boolean {
  return ID.test(value);
}

export function adminHelpParamsFrom(params: { get(name: string): string | null } | null): AdminHelpParams {
  const category = params?.get('category')?.trim() ?? '';
  return {
    category: isRecordId(category) ? category : '',
    q: (params?.get('q') ?? '').trim(),
    article: params?.get('article')?.trim() || null,
  };
}

/** The page's address (empty filters left out). */
export function adminHelpHref(params: AdminHelpParams): string {
  const query = new URLSearchParams();
  if (params.category) query.set('category', params.category);
  if (params.q) query.set('q', params.q);
  if (params.article) query.set('article', params.article);
  const text = query.toString();
  return text ? `${ADMIN_HELP_PATH}?${text}` : ADMIN_HELP_PATH;
}

export function hasArticleFilters(params: HelpArticleFilters): boolean {
  return Boolean(params.category || params.q);
}
