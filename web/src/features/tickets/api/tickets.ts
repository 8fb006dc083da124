import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { api, buildPath, type PathsWith, type Schema } from '@/lib/api/client';

/**
 * Support tickets: the contact form (POST /api/v1/contact, anyone; the caller's ticket when signed
 * in), a customer's tickets (GET /api/v1/tickets), and the admins' side: GET /api/v1/admin/tickets
 * (filtered, paged), GET …/{id} (with internal notes), PATCH …/{id} (status, priority, assignee),
 * POST …/{id}/notes, and POST /api/v1/admin/support/conversations/{id}/ticket (a ticket of a chat).
 */

export type ContactMessage = Schema<'ContactMessage'>;
export type ContactReceived = Schema<'ContactReceived'>;
export type CustomerTicket = Schema<'CustomerTicket'>;
export type CustomerTickets = Schema<'CustomerTickets'>;
export type AdminTicket = Schema<'AdminTicket'>;
export type TicketList = Schema<'TicketList'>;
export type TicketDetail = Schema<'TicketDetail'>;
export type TicketNote = Schema<'TicketNote'>;

export const TICKET_STATUSES = ['open', 'pending', 'solved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Who a ticket is assigned to, as the list filters it: '' anyone, 'me', 'none' (unassigned). */
export const TICKET_ASSIGNED = ['', 'me', 'none'] as const;
export type TicketAssigned = (typeof TICKET_ASSIGNED)[number];

export const TICKETS_PAGE_SIZE = 20;

/** A change to a ticket: a key left out keeps its value; `assignee_id: null` unassigns. */
export interface TicketChange {
  status?: TicketStatus;
  priority?: TicketPriority;
  assignee_id?: string | null;
}

export interface TicketFilters {
  /** A status, or '' for every one. */
  status: string;
  /** A priority, or '' for every one. */
  priority: string;
  assigned: TicketAssigned;
  q: string;
  page: number;
}

/** The customer's own tickets, keyed by user so one account never sees another's. */
export function myTicketsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['tickets', userId] as const,
    queryFn: ({ signal }): Promise<CustomerTickets> => api.get('/api/v1/tickets', { signal }),
    staleTime: 0,
  });
}

export function useMyTickets(userId: string) {
  return useQuery(myTicketsQueryOptions(userId));
}

/** Sends the contact form; a signed-in sender's ticket list is read again. */
export function useSendContact(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ContactMessage): Promise<ContactReceived> => api.post('/api/v1/contact', { body: message }),
    onSuccess: () => (userId ? queryClient.invalidateQueries({ queryKey: ['tickets', userId] }) : undefined),
  });
}

const ADMIN_ROOT = ['admin', 'tickets'] as const;

/** Every cached admin ticket list and ticket; changes invalidate through it. */
export const adminTicketsKey = ADMIN_ROOT;

export function adminTicketsQueryOptions(filters: TicketFilters) {
  return queryOptions({
    queryKey: [...ADMIN_ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<TicketList> =>
      api.get('/api/v1/admin/tickets', {
        query: {
          status: filters.status || undefined,
          priority: filters.priority || undefined,
          assignee: filters.assigned || undefined,
          q: filters.q.trim() || undefined,
          page: filters.page,
          per_page: TICKETS_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminTickets(filters: TicketFilters) {
  return useQuery({ ...adminTicketsQueryOptions(filters), placeholderData: keepPreviousData });
}

export function adminTicketQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_ROOT, 'detail', id] as const,
    queryFn: ({ signal }): Promise<TicketDetail> => api.get('/api/v1/admin/tickets/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useAdminTicket(id: string) {
  return useQuery(adminTicketQueryOptions(id));
}

/** Takes the ticket as the server answered it, and has the lists read again. */
function useTakeDetail(id: string) {
  const queryClient = useQueryClient();
  return (detail: TicketDetail) => {
    queryClient.setQueryData(adminTicketQueryOptions(id).queryKey, detail);
    return queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'list'] });
  };
}

export function useUpdateTicket(id: string) {
  const take = useTakeDetail(id);
  return useMutation({
    mutationFn: (change: TicketChange): Promise<TicketDetail> =>
      api.patch('/api/v1/admin/tickets/{id}', { path: { id }, body: change }),
    onSuccess: take,
  });
}

export function useAddTicketNote(id: string) {
  const take = useTakeDetail(id);
  return useMutation({
    mutationFn: (body: string): Promise<TicketDetail> =>
      api.post('/api/v1/admin/tickets/{id}/notes', { path: { id }, body: { body } }),
    onSuccess: take,
  });
}

/** A ticket made of a support chat, and whether it is new (201) or the chat's unsolved one (200). */
export interface ChatTicket {
  detail: TicketDetail;
  created: boolean;
}

const CHAT_TICKET_PATH = '/api/v1/admin/support/conversations/{id}/ticket' satisfies PathsWith<'post'>;

/**
 * Makes a ticket of a support chat. The typed client answers the body only, and here the status
 * says which ticket it is (201 made now, 200 the chat's unsolved one), so the call reads the
 * Response itself.
 */
export function useMakeChatTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: string): Promise<ChatTicket> => {
      const response = await apiFetch('POST', buildPath(CHAT_TICKET_PATH, { id: conversationId }), { body: {} });
      const detail = (await response.json()) as TicketDetail;
      return { detail, created: response.status === 201 };
    },
    onSuccess: ({ detail }) => {
      queryClient.setQueryData(adminTicketQueryOptions(detail.ticket.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: [...ADMIN_ROOT, 'list'] });
    },
  });
}

export type AdminChoice = Schema<'AdminUserView'>;

/**
 * The admins a ticket can be assigned to (GET /api/v1/admin/users?role=admin, the first 100).
 * Kept under the admin users' key, so a change of someone's role reads it again.
 */
export function ticketAssigneesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'users', 'list', 'ticket-assignees'] as const,
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/users', { query: { role: 'admin', page: 1, per_page: 100 }, signal }),
    select: (list): AdminChoice[] => list.users,
  });
}

export function useTicketAssignees() {
  return useQuery(ticketAssigneesQueryOptions());
}
