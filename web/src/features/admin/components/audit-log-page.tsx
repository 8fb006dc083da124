'use client';

import { Suspense, useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Search } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { pageCount, pageFromParam } from '@/lib/page-param';
import { useMounted } from '@/lib/use-mounted';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import { totalText, useAdminAuditLog, type AuditFilters } from '@/features/admin/api/audit';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, AuditEntryView } from '@/features/admin/components/audit-entry';

export const AUDIT_LOG_PATH = '/admin/audit-log/';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day from the URL, or '' (the API would refuse anything else). */
function dayFrom(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return DAY.test(text) ? text : '';
}

/** /admin/audit-log/?actor=…&action=…&subject_type=…&subject_id=…&from=…&to=…&page=N read back. */
export function auditParamsFrom(params: { get(name: string): string | null } | null): AuditFilters {
  const text = (name: string) => (params?.get(name) ?? '').trim();
  return {
    actor: text('actor'),
    action: text('action'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    from: dayFrom(params?.get('from')),
    to: dayFrom(params?.get('to')),
    page: pageFromParam(params?.get('page')),
  };
}

/** The log's address (empty filters and page 1 left out). */
export function auditHref(filters: AuditFilters): string {
  const query = new URLSearchParams();
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.action) query.set('action', filters.action);
  if (filters.subjectType) query.set('subject_type', filters.subjectType);
  if (filters.subjectId) query.set('subject_id', filters.subjectId);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${AUDIT_LOG_PATH}?${text}` : AUDIT_LOG_PATH;
}

function hasFilters(filters: AuditFilters): boolean {
  return Boolean(filters.actor || filters.action || filters.subjectType || filters.subjectId || filters.from || filters.to);
}

/** /admin/audit-log/: every admin action, newest first, filtered by admin, action, object and days (in the URL). */
export function AdminAuditLogPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading the audit log" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the audit log" />;
  return <AuditLogList filters={auditParamsFrom(searchParams)} />;
}

function AuditLogList({ filters }: { filters: AuditFilters }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminAuditLog(filters);

  return (
    <>
      <PageHeader title="Audit log" description="Every admin action: who did it, when, why, and what it changed." />
      <div className="flex flex-col gap-4">
        <AuditFiltersForm
          key={auditHref({ ...filters, page: 1 })}
          filters={filters}
          onApply={(next) => router.replace(auditHref({ ...next, page: 1 }), { scroll: false })}
        />
        {isPending ? (
          <ListSkeleton label="Loading the audit log" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.entries.length === 0 ? (
          <EmptyState title="No entries here">
            <p className="text-neutral-600">
              {hasFilters(filters) ? 'No admin action matches these filters.' : 'No admin has done anything yet.'}
            </p>
            {hasFilters(filters) ? (
              <Link href={AUDIT_LOG_PATH} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Clear the filters
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="audit-count">
              {totalText(data.total, 'entry', 'entries')}
            </p>
            <ol
              className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white"
              aria-label="Audit log entries"
              aria-busy={isFetching || undefined}
            >
              {data.entries.map((entry) => (
                <li key={entry.id} className="px-4 py-3 sm:px-5">
                  <AuditEntryView entry={entry} />
                </li>
              ))}
            </ol>
            <Pagination
              page={filters.page}
              pageCount={pageCount(data.total.count, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => auditHref({ ...filters, page })}
              label="Audit log pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function subjectTypeLabel(type: string): string {
  const text = type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The filters as typed; applied (into the URL) together. */
function AuditFiltersForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const set = (change: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...change }));
  // A type in the URL that is not known here is still offered, so the select shows it.
  const types = AUDIT_SUBJECT_TYPES.includes(filters.subjectType) || !filters.subjectType
    ? AUDIT_SUBJECT_TYPES
    : [...AUDIT_SUBJECT_TYPES, filters.subjectType];
  const kinds = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0] ?? action))];

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      ...draft,
      actor: draft.actor.trim(),
      action: draft.action.trim(),
      subjectId: draft.subjectId.trim(),
    });
  }

  const field = 'flex flex-col gap-1.5';
  const label = 'text-sm font-medium text-neutral-800';
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="audit-filters"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className={field}>
          <label htmlFor={`${id}-actor`} className={label}>
            Admin email
          </label>
          <Input
            id={`${id}-actor`}
            type="search"
            placeholder="Text in the admin’s email"
            value={draft.actor}
            onChange={(event) => set({ actor: event.target.value })}
          />
        </div>
        <div className={field}>
          <label htmlFor={`${id}-action`} className={label}>
            Action
          </label>
          <Input
            id={`${id}-action`}
            type="text"
            list={`${id}-actions`}
            autoComplete="off"
            placeholder="e.g. order.refund, or user"
            value={draft.action}
            onChange={(event) => set({ action: event.target.value })}
          />
          <datalist id={`${id}-actions`}>
            {[...kinds, ...AUDIT_ACTIONS].map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
        </div>
        <div className={field}>
          <label htmlFor={`${id}-type`} className={label}>
            Object type
          </label>
          <Select id={`${id}-type`} value={draft.subjectType} onChange={(event) => set({ subjectType: event.target.value })}>
            <option value="">Any object</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {subjectTypeLabel(type)}
              </option>
            ))}
          </Select>
        </div>
        <div className={field}>
          <label htmlFor={`${id}-subject`} className={label}>
            Object id
          </label>
          <Input
            id={`${id}-subject`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.subjectId}
            onChange={(event) => set({ subjectId: event.target.value })}
          />
        </div>
        <div className={field}>
          <label htmlFor={`${id}-from`} className={label}>
            From
          </label>
          <Input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={(event) => set({ from: event.target.value })} />
        </div>
        <div className={field}>
          <label htmlFor={`${id}-to`} className={label}>
            To
          </label>
          <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={(event) => set({ to: event.target.value })} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {hasFilters(filters) ? (
          <Link href={AUDIT_LOG_PATH} scroll={false} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Clear filters
          </Link>
        ) : null}
        <Button type="submit" variant="secondary" className="h-11">
          <Search aria-hidden="true" className="size-4" />
          Apply filters
        </Button>
      </div>
    </form>
  );
}
