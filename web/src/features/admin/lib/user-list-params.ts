import { pageFromParam } from '@/lib/page-param';
import { USER_ROLES } from '@/features/admin/api/users';

/**
 * The users list keeps its state in the URL (STYLE.md "Lists"):
 * `/admin/users/?q=…&role=…&standing=…&page=N`, and `&id=…` for the user open (a static export
 * has no pages for dynamic ids).
 */

export const USERS_PATH = '/admin/users/';

export const STANDING_FILTERS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
] as const;

export interface UserListParams {
  q: string;
  /** A role, or '' for every role. */
  role: string;
  /** 'active', 'suspended', or '' for both. */
  standing: string;
  page: number;
  id: string | null;
}

const STANDINGS: readonly string[] = STANDING_FILTERS.map((filter) => filter.value);
const ROLES: readonly string[] = USER_ROLES;

export function userListParamsFrom(params: { get(name: string): string | null } | null): UserListParams {
  const role = params?.get('role') ?? '';
  const standing = params?.get('standing') ?? '';
  return {
    q: (params?.get('q') ?? '').trim(),
    role: ROLES.includes(role) ? role : '',
    standing: STANDINGS.includes(standing) ? standing : '',
    page: pageFromParam(params?.get('page')),
    id: params?.get('id') || null,
  };
}

/** The list's address for `next` (empty filters and page 1 are left out). */
export function usersHref(next: UserListParams): string {
  const query = new URLSearchParams();
  if (next.q) query.set('q', next.q);
  if (next.role) query.set('role', next.role);
  if (next.standing) query.set('standing', next.standing);
  if (next.page > 1) query.set('page', String(next.page));
  if (next.id) query.set('id', next.id);
  const text = query.toString();
  return text ? `${USERS_PATH}?${text}` : USERS_PATH;
}
