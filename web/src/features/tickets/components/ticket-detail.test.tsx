import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { AdminTicket, TicketDetail as TicketDetailData } from '@/features/tickets/api/tickets';
import { TicketDetail } from '@/features/tickets/components/ticket-detail';
import { authUser, storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { ADMIN_ID, CHAT_ID, OTHER_ADMIN_ID, ticketDetail, ticketNote, TICKET_ID } from '@/test/tickets';

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
beforeEach(() => {
  toast.dismiss();
});

const ADMINS = {
  users: [
    { id: ADMIN_ID, email: 'ada@bazaar.example', full_name: 'Ada Admin' },
    { id: OTHER_ADMIN_ID, email: 'sam@bazaar.example', full_name: 'Sam Support' },
  ],
  total: { count: 2, capped: false },
};

/** Serves one ticket that takes changes and notes as the API does; answers what was sent. */
function serveTicket(start: TicketDetailData = ticketDetail()) {
  let current = start;
  const patches: unknown[] = [];
  const notes: unknown[] = [];
  const adminQueries: string[] = [];
  server.use(
    http.get('*/api/v1/admin/tickets/:id', () => HttpResponse.json(current)),
    http.get('*/api/v1/admin/users', ({ request }) => {
      adminQueries.push(new URL(request.url).search);
      return HttpResponse.json(ADMINS);
    }),
    http.get('*/api/v1/admin/tickets', () => HttpResponse.json({ items: [], meta: { total: 0, page: 1, per_page: 20 } })),
    http.patch('*/api/v1/admin/tickets/:id', async ({ request }) => {
      const change = (await request.json()) as Partial<AdminTicket>;
      patches.push(change);
      const assignee = ADMINS.users.find((admin) => admin.id === change.assignee_id);
      current = {
        ...current,
        ticket: {
          ...current.ticket,
          ...change,
          ...('assignee_id' in change ? { assignee_email: assignee?.email ?? null } : {}),
        },
      };
      return HttpResponse.json(current);
    }),
    http.post('*/api/v1/admin/tickets/:id/notes', async ({ request }) => {
      const body = (await request.json()) as { body: string };
      notes.push(body);
      current = { ...current, notes: [...current.notes, ticketNote({ id: `n${notes.length}`, body: body.body })] };
      return HttpResponse.json(current, { status: 201 });
    }),
  );
  return { patches, notes, adminQueries };
}

function renderDetail() {
  storeSession({ user: authUser({ id: ADMIN_ID, email: 'ada@bazaar.example', app_metadata: { role: 'admin' } }) });
  renderWithQueryClient(
    <>
      <TicketDetail id={TICKET_ID} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('/admin/tickets/?id=: one ticket', () => {
  it('shows who wrote, about what, and the message as plain text', async () => {
    serveTicket(ticketDetail({ body: '<img src=x onerror="alert(1)"> <b>Help</b>\nsecond line' }, [ticketNote()]));
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket T-1001' })).toBeInTheDocument();
    const facts = screen.getByTestId('ticket-facts');
    expect(facts).toHaveTextContent('Thandi Nkosi');
    expect(within(facts).getByRole('link', { name: 'thandi@example.com' })).toHaveAttribute('href', 'mailto:thandi@example.com');
    expect(facts).toHaveTextContent('BZ-20261120-0042');
    expect(facts).toHaveTextContent('Contact form');
    const body = screen.getByTestId('ticket-body');
    expect(body.textContent).toBe('<img src=x onerror="alert(1)"> <b>Help</b>\nsecond line');
    expect(body.querySelector('img, b')).toBeNull();
    // A ticket from the contact form has no chat.
    expect(screen.queryByRole('link', { name: 'Open the chat' })).not.toBeInTheDocument();
    expect(screen.getByText('Internal notes are only seen by admins.')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-note')).toHaveTextContent('admin@example.com');
    expect(screen.getByTestId('ticket-note')).toHaveTextContent('Asked the courier.');
  });

  it('links a ticket made of a chat to the chat', async () => {
    serveTicket(ticketDetail({ source: 'chat', conversation_id: CHAT_ID, order_number: null }));
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', `/admin/support/?c=${CHAT_ID}`);
    expect(screen.getByTestId('ticket-facts')).toHaveTextContent('Support chat');
    expect(screen.getByTestId('ticket-facts')).toHaveTextContent('None given');
  });

  it('saves each choice with only its key, and says so', async () => {
    const { patches, adminQueries } = serveTicket();
    const user = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Ticket T-1001' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Solved');
    expect(await screen.findByText('Ticket updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('solved'));

    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    await waitFor(() => expect(screen.getByLabelText('Priority')).toHaveValue('urgent'));

    // The other admins come from the admin users list; the caller is "Me".
    const assignee = screen.getByLabelText('Assignee');
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'Sam Support (sam@bazaar.example)' })).toBeInTheDocument());
    expect(within(assignee).getByRole('option', { name: 'Me (ada@bazaar.example)' })).toHaveValue(ADMIN_ID);
    expect(within(assignee).queryByRole('option', { name: /Ada Admin/ })).not.toBeInTheDocument();
    expect(adminQueries[0]).toBe('?role=admin&page=1&per_page=100');

    await user.selectOptions(assignee, 'Sam Support (sam@bazaar.example)');
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(OTHER_ADMIN_ID));

    await user.selectOptions(screen.getByLabelText('Assignee'), 'Unassigned');
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(ADMIN_ID));
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    expect(patches).toEqual([
      { status: 'solved' },
      { priority: 'urgent' },
      { assignee_id: OTHER_ADMIN_ID },
      { assignee_id: null },
      { assignee_id: ADMIN_ID },
    ]);
  });

  it('keeps an assignee the admin list does not hold, and shows the server’s refusal under the select', async () => {
    serveTicket(ticketDetail({ assignee_id: 'a-former-admin', assignee_email: 'gone@bazaar.example' }));
    const patches: unknown[] = [];
    server.use(
      http.patch('*/api/v1/admin/tickets/:id', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(
          {
            error: {
              code: 'bad_request',
              message: 'Tickets are assigned to admins',
              title: null,
              fields: { assignee_id: 'Tickets are assigned to admins' },
            },
          },
          { status: 400 },
        );
      }),
    );
    const user = renderDetail();
    const assignee = await screen.findByLabelText('Assignee');
    expect(assignee).toHaveValue('a-former-admin');
    expect(within(assignee).getByRole('option', { name: 'gone@bazaar.example' })).toBeInTheDocument();
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'Sam Support (sam@bazaar.example)' })).toBeInTheDocument());

    await user.selectOptions(assignee, 'Sam Support (sam@bazaar.example)');
    expect(await screen.findByText('Tickets are assigned to admins', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Assignee')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Assignee')).toHaveValue('a-former-admin');
    expect(screen.getByText('The ticket was not updated')).toBeInTheDocument();
    expect(patches).toEqual([{ assignee_id: OTHER_ADMIN_ID }]);
  });

  it('adds an internal note, checking it first', async () => {
    const { notes } = serveTicket();
    const user = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Ticket T-1001' });
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note first')).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('New note'), '  Called the courier: arrives Friday.  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByTestId('ticket-note')).toHaveTextContent('Called the courier: arrives Friday.');
    expect(screen.getByText('Note added')).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('');
    expect(screen.queryByText('Write the note first')).not.toBeInTheDocument();
    expect(notes).toEqual([{ body: 'Called the courier: arrives Friday.' }]);
  });

  it('shows the server’s refusal of a note under it', async () => {
    serveTicket();
    server.use(
      http.post('*/api/v1/admin/tickets/:id/notes', () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: 'A note must be at most 5000 characters', title: null, fields: { body: 'A note must be at most 5000 characters' } } },
          { status: 400 },
        ),
      ),
    );
    const user = renderDetail();
    await user.type(await screen.findByLabelText('New note'), 'Too much');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('A note must be at most 5000 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('Too much');
  });

  it('says a ticket that does not exist is not found', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/admin/tickets/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Ticket not found', title: null, fields: null } }, { status: 404 }),
      ),
    );
    renderWithQueryClient(<TicketDetail id={TICKET_ID} />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Ticket not found');
  });
});
