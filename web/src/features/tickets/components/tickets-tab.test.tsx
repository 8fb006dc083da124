import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TicketsTab } from '@/features/tickets/components/tickets-tab';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { customerTicket, OTHER_TICKET_ID } from '@/test/tickets';

describe('/profile/?tab=tickets', () => {
  it('lists the customer’s tickets with their reference, subject, status in their words and last update', async () => {
    const session = storeSession();
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/tickets', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json({
          tickets: [
            customerTicket({ id: OTHER_TICKET_ID, reference: 'T-1003', subject: 'Wrong size', status: 'pending', updated_at: '2026-11-25T09:00:00Z' }),
            customerTicket({ status: 'solved' }),
            customerTicket({ id: 'third', reference: 'T-1004', subject: 'Refund', status: 'open' }),
          ],
        });
      }),
    );
    renderWithQueryClient(<TicketsTab />);

    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Wrong size');
    expect(first).toHaveTextContent('T-1003');
    expect(first).toHaveTextContent('25 Nov 2026');
    expect(within(first).getByTestId('ticket-status')).toHaveTextContent('Waiting on you');
    expect(second).toHaveTextContent('Where is my parcel?');
    expect(within(second).getByTestId('ticket-status')).toHaveTextContent('Solved');
    expect(within(third).getByTestId('ticket-status')).toHaveTextContent('Open');
    expect(authorizations).toEqual([`Bearer ${session.access_token}`]);
  });

  it('says there are none, with a way to write to support', async () => {
    storeSession();
    server.use(http.get('*/api/v1/tickets', () => HttpResponse.json({ tickets: [] })));
    renderWithQueryClient(<TicketsTab />);
    expect(await screen.findByRole('heading', { name: 'No support tickets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact/');
  });

  it('offers to try again when the list could not be loaded', async () => {
    storeSession();
    let calls = 0;
    server.use(
      http.get('*/api/v1/tickets', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'not_found', message: 'Gone', title: null, fields: null } }, { status: 404 })
          : HttpResponse.json({ tickets: [customerTicket()] });
      }),
    );
    renderWithQueryClient(<TicketsTab />);
    expect(await screen.findByRole('heading', { name: 'Your support tickets could not be loaded' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ticket-row')).toHaveTextContent('T-1001');
  });
});
