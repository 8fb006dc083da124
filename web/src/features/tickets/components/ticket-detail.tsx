'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { Loader2, MessagesSquare, UserCheck } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { formatDateTime } from '@/lib/selling/statuses';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  useAddTicketNote,
  useAdminTicket,
  useTicketAssignees,
  useUpdateTicket,
  type AdminTicket,
  type TicketChange,
  type TicketDetail as TicketDetailData,
  type TicketPriority,
  type TicketStatus,
} from '@/features/tickets/api/tickets';
import { TicketPriorityBadge, TicketStatusBadge } from '@/features/tickets/components/ticket-badges';
import { ADMIN_TICKETS_PATH, adminStatusLabel, priorityLabel, sourceLabel } from '@/features/tickets/lib/ticket-words';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The server's rules for a note (crates/domain/src/support.rs, parse_note). */
export const NOTE_MESSAGES = {
  empty: 'Write the note first',
  tooLong: 'A note must be at most 5000 characters',
} as const;

/** Where the support inbox opens a chat. */
export function supportChatHref(conversationId: string): string {
  return `/admin/support/?c=${encodeURIComponent(conversationId)}`;
}

/**
 * One ticket as admins see it (/admin/tickets/?id=…): the message as sent (plain text), its
 * status, priority and assignee (each saved as it is chosen), and the internal notes.
 */
export function TicketDetail({ id }: { id: string }) {
  if (id === '') return <TicketNotFound />;
  return <DetailLoader id={id} />;
}

function DetailLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminTicket(id);
  if (data === undefined) {
    if (isPending || !isError) return <PageSkeleton label="Loading the ticket" />;
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) return <TicketNotFound />;
    return (
      <>
        <PageHeader title="Ticket" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <TicketView detail={data} />;
}

function TicketNotFound() {
  return (
    <>
      <PageHeader title="Ticket" />
      <EmptyState title="Ticket not found">
        <p className="text-sm text-neutral-600">There is no ticket with this id; the link may be incomplete.</p>
        <Link href={ADMIN_TICKETS_PATH} className={LINK}>
          See every ticket
        </Link>
      </EmptyState>
    </>
  );
}

function TicketView({ detail }: { detail: TicketDetailData }) {
  const { ticket, notes } = detail;
  return (
    <div>
      <PageHeader
        title={`Ticket ${ticket.reference}`}
        description={ticket.subject}
        actions={
          <>
            <TicketStatusBadge status={ticket.status} audience="admin" />
            <TicketPriorityBadge priority={ticket.priority} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-6">
          <MessagePanel ticket={ticket} />
          <NotesPanel ticketId={ticket.id} notes={notes} />
        </div>
        <TicketControls ticket={ticket} />
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{label}</dt>
      <dd className="text-sm text-neutral-900">{children}</dd>
    </div>
  );
}

function MessagePanel({ ticket }: { ticket: AdminTicket }) {
  return (
    <Panel
      title="Message"
      actions={
        ticket.conversation_id ? (
          <Link href={supportChatHref(ticket.conversation_id)} className={`inline-flex items-center gap-1.5 text-sm ${LINK}`}>
            <MessagesSquare aria-hidden="true" className="size-4" />
            Open the chat
          </Link>
        ) : null
      }
    >
      <dl className="mb-5 grid gap-4 sm:grid-cols-2" data-testid="ticket-facts">
        <Fact label="From">{ticket.name}</Fact>
        <Fact label="Email">
          <a href={`mailto:${ticket.email}`} className={LINK}>
            {ticket.email}
          </a>
        </Fact>
        <Fact label="Order number">{ticket.order_number ?? <span className="text-neutral-500">None given</span>}</Fact>
        <Fact label="Source">{sourceLabel(ticket.source)}</Fact>
        <Fact label="Received">
          <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
        </Fact>
        {ticket.solved_at ? (
          <Fact label="Solved">
            <time dateTime={ticket.solved_at}>{formatDateTime(ticket.solved_at)}</time>
          </Fact>
        ) : null}
      </dl>
      {/* The customer's words as text, never as HTML. */}
      <p className="rounded-lg bg-neutral-50 p-4 text-sm leading-6 break-words whitespace-pre-wrap text-neutral-900" data-testid="ticket-body">
        {ticket.body}
      </p>
    </Panel>
  );
}

/** Status, priority and assignee: each choice is saved at once (PATCH with that key only). */
function TicketControls({ ticket }: { ticket: AdminTicket }) {
  const id = useId();
  const { user } = useSession();
  const update = useUpdateTicket(ticket.id);
  const assignees = useTicketAssignees();
  const [assigneeError, setAssigneeError] = useState<string | null>(null);
  const me = user?.id ?? null;

  function save(change: TicketChange) {
    setAssigneeError(null);
    update.mutate(change, {
      onSuccess: () => toast.success('Ticket updated'),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields?.assignee_id : undefined;
        if (typeof field === 'string') setAssigneeError(field);
        toast.error('The ticket was not updated', { description: errorMessage(error, 'Please try again.') });
      },
    });
  }

  const others = (assignees.data ?? []).filter((admin) => admin.id !== me);
  const listed = ticket.assignee_id === null || ticket.assignee_id === me || others.some((admin) => admin.id === ticket.assignee_id);
  const busy = update.isPending;

  return (
    <Panel title="Ticket" description="Changes are saved as you make them.">
      <div className="flex flex-col gap-4" aria-busy={busy || undefined}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-neutral-800">
            Status
          </label>
          <Select
            id={`${id}-status`}
            value={ticket.status}
            disabled={busy}
            onChange={(event) => save({ status: event.target.value as TicketStatus })}
          >
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {adminStatusLabel(value)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-priority`} className="text-sm font-medium text-neutral-800">
            Priority
          </label>
          <Select
            id={`${id}-priority`}
            value={ticket.priority}
            disabled={busy}
            onChange={(event) => save({ priority: event.target.value as TicketPriority })}
          >
            {TICKET_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {priorityLabel(value)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-assignee`} className="text-sm font-medium text-neutral-800">
            Assignee
          </label>
          <Select
            id={`${id}-assignee`}
            value={ticket.assignee_id ?? ''}
            disabled={busy}
            aria-invalid={assigneeError ? true : undefined}
            aria-describedby={assigneeError ? `${id}-assignee-error` : undefined}
            onChange={(event) => save({ assignee_id: event.target.value || null })}
          >
            <option value="">Unassigned</option>
            {me ? <option value={me}>Me ({user?.email})</option> : null}
            {!listed && ticket.assignee_id ? (
              <option value={ticket.assignee_id}>{ticket.assignee_email ?? 'An admin not listed'}</option>
            ) : null}
            {others.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.full_name ? `${admin.full_name} (${admin.email})` : admin.email}
              </option>
            ))}
          </Select>
          {assigneeError ? (
            <p id={`${id}-assignee-error`} className="text-sm font-medium text-sale">
              {assigneeError}
            </p>
          ) : null}
          {assignees.isError ? (
            <p className="text-xs text-neutral-600">The list of admins could not be loaded; you can still assign the ticket to yourself.</p>
          ) : null}
        </div>
        {me && ticket.assignee_id !== me ? (
          <Button variant="secondary" className="h-11" disabled={busy} onClick={() => save({ assignee_id: me })}>
            <UserCheck aria-hidden="true" className="size-4" />
            Assign to me
          </Button>
        ) : null}
        {busy ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm text-neutral-600">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Saving…
          </p>
        ) : null}
      </div>
    </Panel>
  );
}

function NotesPanel({ ticketId, notes }: { ticketId: string; notes: TicketDetailData['notes'] }) {
  const id = useId();
  const add = useAddTicketNote(ticketId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (body === '') return setError(NOTE_MESSAGES.empty);
    if (Array.from(body).length > 5000) return setError(NOTE_MESSAGES.tooLong);
    setError(null);
    add.mutate(body, {
      onSuccess: () => {
        setText('');
        toast.success('Note added');
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields?.body : undefined;
        setError(typeof field === 'string' ? field : errorMessage(failure, 'The note could not be added. Please try again.'));
      },
    });
  }

  return (
    <Panel title="Internal notes" description="Internal notes are only seen by admins.">
      {notes.length === 0 ? (
        <p className="mb-4 text-sm text-neutral-600">No notes yet.</p>
      ) : (
        <ol className="mb-5 flex flex-col divide-y divide-neutral-200" aria-label="Internal notes">
          {notes.map((note) => (
            <li key={note.id} className="py-3 first:pt-0" data-testid="ticket-note">
              <p className="text-xs text-neutral-600">
                {note.author_email} · <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-neutral-900">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Add note">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-neutral-800">
            New note
          </label>
          <Textarea
            id={`${id}-note`}
            rows={3}
            maxLength={5000}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-note-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {error ? (
            <p id={`${id}-note-error`} className="text-sm font-medium text-sale">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="submit" disabled={add.isPending} className="h-11">
            {add.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Add note
          </Button>
        </div>
      </form>
    </Panel>
  );
}
