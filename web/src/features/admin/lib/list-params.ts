import { pageFromParam } from '@/lib/page-param';

/**
 * The admin lists keep their state in the URL (STYLE.md "Lists"): `?status=…&q=…&page=N`, and
 * `&id=…` for the record open beside it (a static export has no pages for dynamic ids).
 */

export interface ListParams {
  status: string;
  q: string;
  page: number;
  id: string | null;
}

export function listParamsFrom(
  params: { get(name: string): string | null } | null,
  defaultStatus: string,
  statuses: readonly string[],
): ListParams {
  const status = params?.get('status') ?? '';
  return {
    status: statuses.includes(status) ? status : defaultStatus,
    q: (params?.get('q') ?? '').trim(),
    page: pageFromParam(params?.get('page')),
    id: params?.get('id') || null,
  };
}

/** The list's address for `next` (the default status and page 1 are left out). */
export function listHref(basePath: string, next: ListParams, defaultStatus: string): string {
  const query = new URLSearchParams();
  if (next.status !== defaultStatus) query.set('status', next.status);
  if (next.q) query.set('q', next.q);
  if (next.page > 1) query.set('page', String(next.page));
  if (next.id) query.set('id', next.id);
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}
