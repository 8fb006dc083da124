'use client';

import { Suspense, useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ArrowLeft, Search } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { pageCount } from '@/lib/page-param';
import { formatDateTime } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKETS_PAGE_SIZE,
  useAdminTickets,
  type AdminTicket,
  type TicketAssigned,
} from '@/features/tickets/api/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '@/features/tickets/components/ticket-badges';
import { TicketDetail } from '@/features/tickets/components/ticket-detail';
import { hasTicketFilters, ticketParamsFrom, ticketsHref, type TicketListParams } from '@/features/tickets/lib/ticket-list-params';
import { ADMIN_TICKETS_PATH, adminStatusLabel, priorityLabel } from '@/features/tickets/lib/ticket-words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ASSIGNED_OPTIONS: readonly { value: TicketAssigned; label: string }[] = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Me' },
  { value: 'none', label: 'Unassigned' },
];

/**
 * /admin/tickets/: support tickets from the contact form and from chats, most recently updated
 * first, filtered by status, priority and assignee and searched; `?id=<ticket id>` opens one in
 * place of the list, keeping the filters for the way back.
 */
export function AdminTicketsPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading tickets" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading tickets" />;
  const params = ticketParamsFrom(searchParams);
  return params.id ? <DetailView params={params} /> : <ListView params={params} />;
}

function DetailView({ params }: { params: TicketListParams }) {
  const id = params.id ?? '';
  return (
    <>
      <p className="mb-4">
        <Link
          href={ticketsHref({ ...params, id: null })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All tickets
        </Link>
      </p>
      <TicketDetail key={id} id={UUID.test(id) ? id.toLowerCase() : ''} />
    </>
  );
}

function ListView({ params }: { params: TicketListParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminTickets({
    status: params.status,
    priority: params.priority,
    assigned: params.assigned,
    q: params.q,
    page: params.page,
  });
  const apply = (next: TicketListParams) => router.replace(ticketsHref({ ...next, page: 1, id: null }), { scroll: false });
  const filtered = hasTicketFilters(params);

  return (
    <>
      <PageHeader title="Tickets" description="Messages from the contact form and support chats made into tickets." />
      <div className="flex flex-col gap-4">
        <TicketFiltersForm key={ticketsHref({ ...params, page: 1 })} params={params} onApply={apply} />
        {isPending ? (
          <ListSkeleton label="Loading tickets" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          <EmptyState title="No tickets here">
            <p className="text-neutral-600">
              {params.q ? `Nothing matches “${params.q}”.` : filtered ? 'No ticket matches these filters.' : 'No tickets yet.'}
            </p>
            {filtered ? (
              <Link href={ADMIN_TICKETS_PATH} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Clear the filters
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="tickets-count">
              {data.meta.total === 1 ? '1 ticket' : `${data.meta.total.toLocaleString('en-ZA')} tickets`}
            </p>
            <TicketsTable rows={data.items} params={params} updating={isFetching} />
            <Pagination
              page={params.page}
              pageCount={pageCount(data.meta.total, TICKETS_PAGE_SIZE)}
              hrefFor={(page) => ticketsHref({ ...params, page })}
              label="Ticket pages"
            />
          </>
        )}
      </div>
    </>
  );
}

/** The selects apply at once; the search when submitted. */
function TicketFiltersForm({ params, onApply }: { params: TicketListParams; onApply: (next: TicketListParams) => void }) {
  const id = useId();
  const [q, setQ] = useState(params.q);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...params, q: q.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Filter tickets"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="ticket-filters"
    >
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5 sm:col-span-3 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-neutral-800">
            Search tickets
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-q`}
              type="search"
              placeholder="Reference, subject, name or email"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
            <Button type="submit" variant="secondary" className="h-11 shrink-0">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </div>
        </div>
        <FilterSelect
          label="Status"
          value={params.status}
          onChange={(status) => onApply({ ...params, q: q.trim(), status })}
          options={[{ value: '', label: 'Every status' }, ...TICKET_STATUSES.map((value) => ({ value, label: adminStatusLabel(value) }))]}
        />
        <FilterSelect
          label="Priority"
          value={params.priority}
          onChange={(priority) => onApply({ ...params, q: q.trim(), priority })}
          options={[{ value: '', label: 'Every priority' }, ...TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }))]}
        />
        <FilterSelect
          label="Assigned to"
          value={params.assigned}
          onChange={(assigned) => onApply({ ...params, q: q.trim(), assigned: assigned as TicketAssigned })}
          options={ASSIGNED_OPTIONS}
        />
      </div>
      {hasTicketFilters(params) ? (
        <p>
          <Link href={ADMIN_TICKETS_PATH} scroll={false} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Clear filters
          </Link>
        </p>
      ) : null}
    </form>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <Select id={id} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function TicketsTable({ rows, params, updating }: { rows: AdminTicket[]; params: TicketListParams; updating: boolean }) {
  const router = useRouter();
  return (
    <ScrollTable label="Tickets" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Tickets</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Ticket
            </th>
            <th scope="col" className="px-3 py-3">
              From
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Priority
            </th>
            <th scope="col" className="px-3 py-3">
              Assignee
            </th>
            <th scope="col" className="px-3 py-3">
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => {
            const href = ticketsHref({ ...params, id: row.id });
            return (
              <tr
                key={row.id}
                className="cursor-pointer hover:bg-neutral-50"
                data-testid="ticket-row"
                data-reference={row.reference}
                // The subject is the link (keyboard, new tab); the rest of the row is a larger target for the mouse.
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) router.push(href);
                }}
              >
                <td className="max-w-80 px-3 py-3">
                  <Link
                    href={href}
                    className="block truncate font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                    data-testid="ticket-link"
                  >
                    {row.subject}
                  </Link>
                  <span className="block text-xs text-neutral-600">
                    {row.reference} · {row.source === 'chat' ? 'Chat' : 'Contact form'}
                  </span>
                </td>
                <td className="max-w-56 px-3 py-3">
                  <span className="block truncate text-neutral-900">{row.name}</span>
                  <span className="block truncate text-xs text-neutral-600" title={row.email}>
                    {row.email}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <TicketStatusBadge status={row.status} audience="admin" />
                </td>
                <td className="px-3 py-3">
                  <TicketPriorityBadge priority={row.priority} />
                </td>
                <td className="max-w-48 truncate px-3 py-3 text-neutral-700" data-testid="ticket-assignee">
                  {row.assignee_email ?? <span className="text-neutral-500">Unassigned</span>}
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
                  <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
