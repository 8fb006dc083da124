import type { AdminTicket, CustomerTicket, TicketDetail, TicketList, TicketNote } from '@/features/tickets/api/tickets';

/** Support tickets shaped as the API has them (POST /contact, GET /tickets, /admin/tickets…). */

export const TICKET_ID = '0190f100-0000-7000-8000-00000000a001';
export const OTHER_TICKET_ID = '0190f100-0000-7000-8000-00000000a002';
export const CHAT_ID = '0190f100-0000-7000-8000-00000000c001';
export const ADMIN_ID = '0190f100-0000-7000-8000-00000000d001';
export const OTHER_ADMIN_ID = '0190f100-0000-7000-8000-00000000d002';

export function customerTicket(overrides: Partial<CustomerTicket> = {}): CustomerTicket {
  return {
    id: TICKET_ID,
    reference: 'T-1001',
    subject: 'Where is my parcel?',
    status: 'open',
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T09:30:00Z',
    ...overrides,
  };
}

export function adminTicket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  return {
    id: TICKET_ID,
    reference: 'T-1001',
    source: 'contact',
    customer_id: null,
    name: 'Thandi Nkosi',
    email: 'thandi@example.com',
    subject: 'Where is my parcel?',
    body: 'It was due on Monday.\nStill nothing.',
    order_number: 'BZ-20261120-0042',
    conversation_id: null,
    status: 'open',
    priority: 'normal',
    assignee_id: null,
    assignee_email: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T09:30:00Z',
    solved_at: null,
    ...overrides,
  };
}

export function ticketNote(overrides: Partial<TicketNote> = {}): TicketNote {
  return {
    id: '0190f100-0000-7000-8000-00000000e001',
    author_email: 'admin@example.com',
    body: 'Asked the courier.',
    created_at: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

export function ticketDetail(ticket: Partial<AdminTicket> = {}, notes: TicketNote[] = []): TicketDetail {
  return { ticket: adminTicket(ticket), notes };
}

export function ticketList(items: AdminTicket[], total = items.length, page = 1): TicketList {
  return { items, meta: { total, page, per_page: 20 } };
}
