import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ADMIN_AREA } from '@/features/admin/lib/admin-area';
import { MakeTicketButton } from '@/features/tickets/components/make-ticket-button';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { CHAT_ID, ticketDetail, TICKET_ID } from '@/test/tickets';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toast.dismiss();
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
});

function serveChatTicket(status: 200 | 201, reference = 'T-1001') {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.post('*/api/v1/admin/support/conversations/:id/ticket', async ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(ticketDetail({ reference, source: 'chat', conversation_id: CHAT_ID }), { status });
    }),
  );
  return calls;
}

function renderButton() {
  storeSession();
  renderWithQueryClient(
    <>
      <MakeTicketButton conversationId={CHAT_ID} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('Make ticket', () => {
  it('makes a ticket of the chat, says so and opens it', async () => {
    const calls = serveChatTicket(201, 'T-1007');
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Make ticket' }));

    expect(await screen.findByText('Ticket T-1007 created')).toBeInTheDocument();
    expect(push).toHaveBeenCalledWith(`/admin/tickets/?id=${TICKET_ID}`);
    expect(calls).toEqual([{ path: `/api/v1/admin/support/conversations/${CHAT_ID}/ticket`, body: {} }]);
  });

  it('opens the chat’s unsolved ticket when it has one', async () => {
    serveChatTicket(200, 'T-1003');
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Make ticket' }));
    expect(await screen.findByText('This chat is already ticket T-1003')).toBeInTheDocument();
    expect(push).toHaveBeenCalledWith(`/admin/tickets/?id=${TICKET_ID}`);
  });

  it('says why when the API refuses, and stays', async () => {
    server.use(
      http.post('*/api/v1/admin/support/conversations/:id/ticket', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Conversation not found', title: null, fields: null } }, { status: 404 }),
      ),
    );
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Make ticket' }));
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make ticket' })).toBeEnabled());
    expect(push).not.toHaveBeenCalled();
  });
});

describe('the admin navigation’s entry', () => {
  it('goes to the tickets list', () => {
    expect(ADMIN_AREA.items).toContainEqual(
      expect.objectContaining({ href: '/admin/tickets/', label: 'Tickets', roles: ['admin'] }),
    );
  });
});
