import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * The audit log, for admins: GET /api/v1/admin/audit-log, every admin action (who, when, what,
 * before and after), filtered by admin, action, object and days, newest first, a page at a time.
 */

export type AuditEntry = Schema<'AuditEntry'>;
export type AuditLog = Schema<'AuditLog'>;
/** How many rows match: exact up to a cap, then `capped` ("more than `count`"). */
export type ListTotal = Schema<'ListTotal'>;

export interface AuditFilters {
  /** Text in the acting admin's email. */
  actor: string;
  /** An exact action (`user.suspend`) or a kind of object (`user`). */
  action: string;
  subjectType: string;
  subjectId: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
  page: number;
}

const ROOT = ['admin', 'audit-log'] as const;

/** Every cached page of the audit log; admin actions elsewhere invalidate through it. */
export const adminAuditKey = ROOT;

function given(text: string): string | undefined {
  return text.trim() || undefined;
}

export function adminAuditQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: [...ROOT, filters] as const,
    queryFn: ({ signal }): Promise<AuditLog> =>
      api.get('/api/v1/admin/audit-log', {
        query: {
          actor: given(filters.actor),
          action: given(filters.action),
          subject_type: given(filters.subjectType),
          subject_id: given(filters.subjectId),
          from: given(filters.from),
          to: given(filters.to),
          page: filters.page,
          per_page: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminAuditLog(filters: AuditFilters) {
  return useQuery({ ...adminAuditQueryOptions(filters), placeholderData: keepPreviousData });
}

/** A whole number with its thousands grouped as money is ("10,000"). */
export function groupNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 entry", "12 entries", or "More than 10,000 entries" when the count is capped. */
export function totalText(total: ListTotal, one: string, many: string): string {
  if (total.capped) return `More than ${groupNumber(total.count)} ${many}`;
  return total.count === 1 ? `1 ${one}` : `${groupNumber(total.count)} ${many}`;
}
