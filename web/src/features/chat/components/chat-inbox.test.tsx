import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ConversationPage, ConversationView } from '@/features/chat/api/chat-types';
import { AdminSupportPage } from '@/features/chat/components/admin-support-page';
import { SupportUnreadBadge, VendorUnreadBadge } from '@/features/chat/components/unread-nav-badge';
import { VendorMessagesPage } from '@/features/chat/components/vendor-messages-page';
import { storeSession } from '@/test/auth';
import { CONVERSATION_ID, conversation, message, ORDER, PRODUCT, serveUnread, thread, unread } from '@/test/chat';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const replace = vi.fn();

function at(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

function page(items: ConversationView[]): ConversationPage {
  return { items, meta: { page: 1, per_page: 20, total: items.length } };
}

/** The store's view of a customer's conversation started from their order. */
const fromCustomer = conversation({
  as: 'vendor',
  title: 'Chloe Customer',
  subtitle: 'Order BZ-1001',
  vendor: { slug: 'karoo-outdoor', name: 'Karoo Outdoor Co.', logo_url: null },
  customer: { id: 'c1', name: 'Chloe Customer', email: 'chloe@example.com' },
  order: ORDER,
  unread_count: 2,
  last_message: 'Where is my parcel?',
});

beforeEach(() => {
  replace.mockReset();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

describe('/vendor/messages/', () => {
  it('lists the store’s conversations, filtered in the URL, and opens one by putting it in the URL', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/vendor/conversations', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(page([fromCustomer]));
      }),
    );
    at('');
    const user = userEvent.setup();
    renderWithQueryClient(<VendorMessagesPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const row = await screen.findByTestId('conversation-row');
    expect(row).toHaveTextContent('Chloe Customer');
    expect(row).toHaveTextContent('Order BZ-1001');
    expect(row).toHaveTextContent('Where is my parcel?');
    expect(asked).toEqual(['?page=1&per_page=20&filter=all']);
    expect(screen.getByRole('link', { name: 'Unread' })).toHaveAttribute('href', '/vendor/messages/?filter=unread');
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();

    await user.click(row);
    expect(replace).toHaveBeenCalledWith(`/vendor/messages/?c=${CONVERSATION_ID}`, { scroll: false });
  });

  it('shows the open conversation with the customer’s order and the products on messages, reads it and answers', async () => {
    const sent: unknown[] = [];
    let reads = 0;
    let typing = 0;
    server.use(
      http.get('*/api/v1/vendor/conversations', () => HttpResponse.json(page([fromCustomer]))),
      http.get(`*/api/v1/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          thread(fromCustomer, [
            message({ sender: 'customer', mine: false, body: 'Where is my parcel?', order: ORDER, product: PRODUCT }),
          ]),
        ),
      ),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/read`, () => {
        reads += 1;
        return HttpResponse.json({ read: 1 });
      }),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/messages`, async ({ request }) => {
        const body = (await request.json()) as { message: string };
        sent.push(body);
        return HttpResponse.json({ message: message({ sender: 'vendor', mine: true, body: body.message }) }, { status: 201 });
      }),
      http.get('*/api/v1/conversations/unread', () => HttpResponse.json(unread({ vendor: 0 }))),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/typing`, () => {
        typing += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    at(`c=${CONVERSATION_ID}`);
    const user = userEvent.setup();
    renderWithQueryClient(
      <>
        <VendorMessagesPage />
        <Toaster />
      </>,
    );

    const view = await screen.findByTestId('conversation-view');
    expect(await within(view).findByText('Where is my parcel?')).toBeInTheDocument();
    expect(within(view).getByTestId('conversation-title')).toHaveTextContent('Chloe Customer');
    const about = within(view).getByTestId('conversation-about');
    expect(within(about).getByTestId('chat-order-card')).toHaveTextContent('BZ-1001 · Processing');
    const received = within(view).getByTestId('message');
    expect(received).toHaveAttribute('data-mine', 'false');
    expect(within(received).getByTestId('chat-product-card')).toHaveTextContent('OVR Aero Running Tee');
    expect(within(received).getByTestId('chat-order-card')).toHaveTextContent('BZ-1001');
    await waitFor(() => expect(reads).toBe(1));

    await user.type(within(view).getByRole('textbox', { name: 'Message' }), 'It ships tomorrow.{Enter}');
    await waitFor(() => expect(sent).toEqual([{ message: 'It ships tomorrow.' }]));
    // Typing told the customer once, not for every key (at most every 3 s).
    expect(typing).toBe(1);
    expect(await within(view).findByText('It ships tomorrow.')).toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'Back to conversations' }));
    expect(replace).toHaveBeenCalledWith('/vendor/messages/', { scroll: false });
  });

  it('says so when there are no conversations', async () => {
    server.use(http.get('*/api/v1/vendor/conversations', () => HttpResponse.json(page([]))));
    at('filter=unread');
    renderWithQueryClient(<VendorMessagesPage />);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('You have read every message.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unread' })).toHaveAttribute('aria-current', 'page');
  });

  it('blocks a customer from the conversation menu, and reports the conversation with a reason', async () => {
    let current = fromCustomer;
    const reasons: unknown[] = [];
    server.use(
      http.get('*/api/v1/vendor/conversations', () => HttpResponse.json(page([current]))),
      http.get(`*/api/v1/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(thread(current, [message({ mine: false })]))),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/read`, () => HttpResponse.json({ read: 0 })),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/block`, () => {
        current = { ...current, blocked: true, blocked_by_me: true, can_send: false, cannot_send_reason: 'You blocked this conversation' };
        return HttpResponse.json({ conversation: current });
      }),
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/report`, async ({ request }) => {
        reasons.push(await request.json());
        current = { ...current, reported: true };
        return HttpResponse.json({ conversation: current });
      }),
      http.get('*/api/v1/conversations/unread', () => HttpResponse.json(unread({ vendor: 0 }))),
    );
    at(`c=${CONVERSATION_ID}`);
    const user = userEvent.setup();
    renderWithQueryClient(
      <>
        <VendorMessagesPage />
        <Toaster />
      </>,
    );
    const view = await screen.findByTestId('conversation-view');
    await user.click(await within(view).findByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await within(view).findByTestId('cannot-send')).toHaveTextContent('You blocked this conversation');
    expect(await screen.findByText('Conversation blocked')).toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'Conversation options' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByTestId('report-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why you are reporting this conversation');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('maxLength', '500');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Abusive language  ');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(reasons).toEqual([{ reason: 'Abusive language' }]));
    await waitFor(() => expect(screen.queryByTestId('report-dialog')).not.toBeInTheDocument());
    expect(await within(view).findByTestId('reported-notice')).toHaveTextContent('Reported');
  });
});

describe('/admin/support/', () => {
  const reported = conversation({
    as: 'observer',
    title: 'Chloe Customer',
    subtitle: 'Karoo Outdoor Co.',
    customer: { id: 'c1', name: 'Chloe Customer', email: 'chloe@example.com' },
    reported: true,
    report_reason: 'Asked me to pay outside the site',
    can_send: false,
    cannot_send_reason: 'Admins can read reported conversations but not write in them',
  });

  it('has Support, Reported and Unread tabs, support first', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/admin/support/conversations', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('filter') ?? '');
        return HttpResponse.json(page([conversation({ kind: 'support', as: 'support', title: 'Chloe Customer', subtitle: 'Customer support' })]));
      }),
    );
    at('');
    renderWithQueryClient(<AdminSupportPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Show' });
    expect(within(tabs).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Support', '/admin/support/'],
      ['Reported', '/admin/support/?filter=reported'],
      ['Unread', '/admin/support/?filter=unread'],
    ]);
    await screen.findByTestId('conversation-row');
    expect(asked).toEqual(['support']);
  });

  it('shows a reported conversation’s reason, lets the admin resolve it, and does not let them write in it', async () => {
    let current = reported;
    let resolved = 0;
    server.use(
      http.get('*/api/v1/admin/support/conversations', () => HttpResponse.json(page([current]))),
      http.get(`*/api/v1/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          thread(current, [
            message({ sender: 'customer', mine: false, body: 'Can I pay you directly?' }),
            message({ sender: 'vendor', mine: false, body: 'Sure, EFT me.' }),
          ]),
        ),
      ),
      http.post(`*/api/v1/admin/support/conversations/${CONVERSATION_ID}/resolve-report`, () => {
        resolved += 1;
        current = { ...current, reported: false, report_reason: null };
        return HttpResponse.json({ conversation: current });
      }),
      http.get('*/api/v1/conversations/unread', () => HttpResponse.json(unread({ support: 0 }))),
    );
    at(`filter=reported&c=${CONVERSATION_ID}`);
    const user = userEvent.setup();
    renderWithQueryClient(
      <>
        <AdminSupportPage />
        <Toaster />
      </>,
    );
    const view = await screen.findByTestId('conversation-view');
    expect(await within(view).findByTestId('report-reason')).toHaveTextContent('Asked me to pay outside the site');
    expect(within(view).getByTestId('cannot-send')).toHaveTextContent('Admins can read reported conversations but not write in them');
    expect(within(view).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Conversation options' })).not.toBeInTheDocument();
    // The observer sees who wrote what; the store's side is on the right.
    const messages = within(view).getAllByTestId('message');
    expect(messages[0]).toHaveTextContent('Customer');
    expect(messages[1]).toHaveTextContent('Store');
    expect(messages[1]).toHaveClass('self-end');
    expect(within(view).queryByTestId('read-receipt')).not.toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'Resolve report' }));
    await waitFor(() => expect(resolved).toBe(1));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    await waitFor(() => expect(within(view).queryByTestId('reported-notice')).not.toBeInTheDocument());
  });
});

describe('the areas’ unread badges', () => {
  it('shows the store’s and support’s unread counts, and nothing at zero', async () => {
    serveUnread(() => unread({ customer: 1, vendor: 3, support: 0 }));
    renderWithQueryClient(
      <>
        <span data-testid="vendor">
          <VendorUnreadBadge />
        </span>
        <span data-testid="support">
          <SupportUnreadBadge />
        </span>
      </>,
    );
    expect(await within(screen.getByTestId('vendor')).findByTestId('nav-unread')).toHaveTextContent('3');
    expect(within(screen.getByTestId('support')).queryByTestId('nav-unread')).not.toBeInTheDocument();
  });
});
