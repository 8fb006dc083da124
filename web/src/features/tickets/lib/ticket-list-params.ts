import { pageFromParam } from '@/lib/page-param';
import {
  TICKET_ASSIGNED,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketAssigned,
  type TicketFilters,
} from '@/features/tickets/api/tickets';
import { ADMIN_TICKETS_PATH } from '@/features/tickets/lib/ticket-words';

/**
 * /admin/tickets/ keeps its state in the URL (STYLE.md "Lists"):
 * `?status=…&priority=…&assigned=me|none&q=…&page=N`, and `&id=…` for the ticket open in its place.
 */
export interface TicketListParams extends TicketFilters {
  id: string | null;
}

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | '' {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

export function ticketParamsFrom(params: { get(name: string): string | null } | null): TicketListParams {
  return {
    status: oneOf(params?.get('status'), TICKET_STATUSES),
    priority: oneOf(params?.get('priority'), TICKET_PRIORITIES),
    assigned: oneOf(params?.get('assigned'), TICKET_ASSIGNED) as TicketAssigned,
    q: (params?.get('q') ?? '').trim(),
    page: pageFromParam(params?.get('page')),
    id: params?.get('id')?.trim() || null,
  };
}

/** The list's address (empty filters and page 1 left out). */
export function ticketsHref(params: TicketListParams): string {
  const query = new URLSearchParams();
  if (params.status) query.set('status', params.status);
  if (params.priority) query.set('priority', params.priority);
  if (params.assigned) query.set('assigned', params.assigned);
  if (params.q) query.set('q', params.q);
  if (params.page > 1) query.set('page', String(params.page));
  if (params.id) query.set('id', params.id);
  const text = query.toString();
  return text ? `${ADMIN_TICKETS_PATH}?${text}` : ADMIN_TICKETS_PATH;
}

export function hasTicketFilters(params: TicketFilters): boolean {
  return Boolean(params.status || params.priority || params.assigned || params.q);
}
