import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketList } from '@/features/tickets/api/tickets';
import { AdminTicketsPage } from '@/features/tickets/components/admin-tickets-page';
import { ticketParamsFrom, ticketsHref } from '@/features/tickets/lib/ticket-list-params';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminTicket, OTHER_TICKET_ID, ticketDetail, ticketList, TICKET_ID } from '@/test/tickets';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;
let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push } as unknown as ReturnType<typeof useRouter>);
});

function serveTickets(list: TicketList) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/admin/tickets', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(list);
    }),
  );
  return queries;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminTicketsPage />);
}

describe('/admin/tickets: the list', () => {
  it('asks for the filters in the URL and shows each ticket’s subject, reference, sender, status, priority and assignee', async () => {
    const queries = serveTickets(
      ticketList(
        [
          adminTicket(),
          adminTicket({
            id: OTHER_TICKET_ID,
            reference: 'T-1002',
            source: 'chat',
            subject: 'Broken lamp',
            status: 'pending',
            priority: 'urgent',
            assignee_id: 'a1',
            assignee_email: 'sam@bazaar.example',
          }),
        ],
        42,
        2,
      ),
    );
    renderPage('status=open&priority=high&assigned=me&q=parcel&page=2');

    const rows = (await screen.findAllByTestId('ticket-row')) as [HTMLElement, HTMLElement];
    expect(queries[0]).toBe('?status=open&priority=high&assignee=me&q=parcel&page=2&per_page=20');
    expect(screen.getByTestId('tickets-count')).toHaveTextContent('42 tickets');
    expect(screen.getByRole('navigation', { name: 'Ticket pages' })).toHaveTextContent('Page 2 of 3');

    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Where is my parcel?' })).toHaveAttribute(
      'href',
      `/admin/tickets/?status=open&priority=high&assigned=me&q=parcel&page=2&id=${TICKET_ID}`,
    );
    expect(rows[0]).toHaveTextContent('T-1001 · Contact form');
    expect(rows[0]).toHaveTextContent('Thandi Nkosi');
    expect(rows[0]).toHaveTextContent('thandi@example.com');
    expect(first.getByTestId('ticket-status')).toHaveTextContent('Open');
    expect(first.getByTestId('ticket-priority')).toHaveTextContent('Normal');
    expect(first.getByTestId('ticket-assignee')).toHaveTextContent('Unassigned');
    const second = within(rows[1]);
    expect(rows[1]).toHaveTextContent('T-1002 · Chat');
    expect(second.getByTestId('ticket-status')).toHaveTextContent('Waiting on customer');
    expect(second.getByTestId('ticket-priority')).toHaveTextContent('Urgent');
    expect(second.getByTestId('ticket-assignee')).toHaveTextContent('sam@bazaar.example');

    // The filters show what the URL holds.
    expect(screen.getByLabelText('Search tickets')).toHaveValue('parcel');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(screen.getByLabelText('Priority')).toHaveValue('high');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('me');
  });

  it('puts each filter in the URL as it is chosen, back on page 1', async () => {
    serveTickets(ticketList([adminTicket()]));
    renderPage('page=3&q=lamp');
    await screen.findAllByTestId('ticket-row');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Status'), 'Solved');
    expect(replace).toHaveBeenLastCalledWith('/admin/tickets/?status=solved&q=lamp', { scroll: false });
    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    expect(replace).toHaveBeenLastCalledWith('/admin/tickets/?priority=urgent&q=lamp', { scroll: false });
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Unassigned');
    expect(replace).toHaveBeenLastCalledWith('/admin/tickets/?assigned=none&q=lamp', { scroll: false });

    await user.clear(screen.getByLabelText('Search tickets'));
    await user.type(screen.getByLabelText('Search tickets'), 'T-1001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(replace).toHaveBeenLastCalledWith('/admin/tickets/?q=T-1001', { scroll: false });
  });

  it('asks for every ticket with no filter, and shows an empty state with a way out when filtered', async () => {
    const queries = serveTickets(ticketList([]));
    const { unmount } = renderPage();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No tickets yet.');
    expect(queries[0]).toBe('?page=1&per_page=20');
    unmount();

    renderPage('assigned=none');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No ticket matches these filters.');
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute('href', '/admin/tickets/');
    expect(queries[1]).toBe('?assignee=none&page=1&per_page=20');
  });

  it('opens a ticket from anywhere on its row', async () => {
    serveTickets(ticketList([adminTicket()]));
    renderPage();
    const [row] = (await screen.findAllByTestId('ticket-row')) as [HTMLElement];
    await userEvent.setup().click(within(row).getByText('thandi@example.com'));
    expect(push).toHaveBeenCalledWith(`/admin/tickets/?id=${TICKET_ID}`);
  });

  it('opens the ticket named by ?id= in place of the list, with the way back keeping the filters', async () => {
    server.use(
      http.get('*/api/v1/admin/tickets/:id', () => HttpResponse.json(ticketDetail())),
      http.get('*/api/v1/admin/users', () => HttpResponse.json({ users: [], total: { count: 0, capped: false } })),
    );
    renderPage(`status=open&id=${TICKET_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket T-1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/admin/tickets/?status=open');
  });

  it('says an id that is not one is not found, without asking the API', async () => {
    renderPage('id=not-an-id');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Ticket not found');
  });
});

describe('ticket list params', () => {
  it('reads back what it writes, and drops what the API would refuse', () => {
    const params = ticketParamsFrom(new URLSearchParams('status=pending&priority=low&assigned=none&q= T-1 &page=4'));
    expect(params).toEqual({ status: 'pending', priority: 'low', assigned: 'none', q: 'T-1', page: 4, id: null });
    expect(ticketsHref(params)).toBe('/admin/tickets/?status=pending&priority=low&assigned=none&q=T-1&page=4');
    expect(ticketParamsFrom(new URLSearchParams('status=closed&priority=asap&assigned=bob'))).toMatchObject({
      status: '',
      priority: '',
      assigned: '',
    });
    expect(ticketsHref(ticketParamsFrom(null))).toBe('/admin/tickets/');
  });
});
