import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { MessageView, StartConversation } from '@/features/chat/api/chat-types';
import { AskSellerButton } from '@/features/chat/components/ask-seller-button';
import { ChatBarButton, ChatButton } from '@/features/chat/components/chat-button';
import { ChatLive } from '@/features/chat/components/chat-live';
import { resetChatLauncher } from '@/features/chat/lib/chat-launcher';
import { LiveEvents } from '@/lib/live/live-events';
import { storeSession } from '@/test/auth';
import {
  CONVERSATION_ID,
  conversation,
  conversationList,
  message,
  ORDER,
  PRODUCT,
  serveUnread,
  SUPPORT_CONVERSATION_ID,
  thread,
  unread,
} from '@/test/chat';
import { installMockEventSource, MockEventSource } from '@/test/event-source';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  usePathname: () => '/products/ovr-aero-running-tee/',
  useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }),
}));

const KAROO = { slug: 'karoo-outdoor', name: 'Karoo Outdoor Co.' };

function renderChat(extra: React.ReactNode = null) {
  return renderWithQueryClient(
    <>
      <LiveEvents />
      <ChatLive />
      <ChatButton />
      {extra}
      <Toaster />
    </>,
  );
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('chat-button'));
  return screen.findByTestId('chat-panel');
}

async function openedSource(): Promise<MockEventSource> {
  await waitFor(() => expect(MockEventSource.instances.length).toBeGreaterThan(0));
  const source = MockEventSource.latest();
  act(() => source.open());
  return source;
}

/** The customer's one conversation with a store, its messages, and what was posted to it. */
function serveConversation(messages: MessageView[], overrides: Parameters<typeof conversation>[0] = {}) {
  const conv = conversation(overrides);
  const sent: unknown[] = [];
  let reads = 0;
  server.use(
    http.get('*/api/v1/conversations', () => HttpResponse.json(conversationList([conv]))),
    http.get(`*/api/v1/conversations/${conv.id}`, () => HttpResponse.json(thread(conv, messages))),
    http.post(`*/api/v1/conversations/${conv.id}/messages`, async ({ request }) => {
      const body = (await request.json()) as { message: string };
      sent.push(body);
      return HttpResponse.json({ message: message({ body: body.message, created_at: new Date().toISOString() }) }, { status: 201 });
    }),
    http.post(`*/api/v1/conversations/${conv.id}/read`, () => {
      reads += 1;
      return HttpResponse.json({ read: 1 });
    }),
    http.post(`*/api/v1/conversations/${conv.id}/typing`, () => new HttpResponse(null, { status: 204 })),
  );
  return { conv, sent, reads: () => reads };
}

beforeEach(() => {
  installMockEventSource();
  resetChatLauncher();
  push.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetChatLauncher());
});

describe('the chat button', () => {
  it('sends a signed-out visitor to sign in, without loading the panel', async () => {
    const user = userEvent.setup();
    renderChat();
    await user.click(screen.getByTestId('chat-button'));
    expect(push).toHaveBeenCalledWith('/auth/?redirect=%2Fproducts%2Fovr-aero-running-tee%2F');
    expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
  });

  it('shows the customer’s unread count, capped at 9+', async () => {
    storeSession();
    serveUnread(() => unread({ customer: 12 }));
    renderChat(<ChatBarButton />);
    await waitFor(() => expect(screen.getByTestId('chat-button')).toHaveAccessibleName('Messages, 12 unread'));
    expect(screen.getByTestId('chat-button')).toHaveTextContent('9+');
    expect(screen.getByTestId('bottom-bar-messages')).toHaveTextContent('9+');
    expect(screen.getByTestId('bottom-bar-messages')).toHaveAccessibleName('Messages, 12 unread');
  });
});

describe('a link to a conversation', () => {
  it('opens the conversation named by ?chat= (the unread-message email) once signed in', async () => {
    storeSession();
    serveUnread(() => unread({ customer: 1 }));
    const { conv } = serveConversation([message({ body: 'Your parcel ships today.' })]);
    window.history.pushState({}, '', `/?chat=${conv.id}`);
    try {
      renderChat();
      const panel = await screen.findByTestId('chat-panel');
      expect(await within(panel).findByText('Your parcel ships today.')).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('the messages panel', () => {
  it('says there are no conversations yet, and offers support', async () => {
    storeSession();
    serveUnread(() => unread());
    server.use(http.get('*/api/v1/conversations', () => HttpResponse.json(conversationList([]))));
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);

    expect(await within(panel).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(panel).getByText('Start chatting with vendors or support')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Chat with support' }));
    expect(within(panel).getByTestId('conversation-title')).toHaveTextContent('Support');
    expect(within(panel).getByText('Start a conversation')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Back to conversations' }));
    expect(within(panel).getByText('No conversations yet')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close messages' }));
    expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
  });

  it('toasts when the conversations cannot be loaded', async () => {
    storeSession();
    serveUnread(() => unread());
    server.use(http.get('*/api/v1/conversations', () => HttpResponse.json({ error: { code: 'boom', message: 'no' } }, { status: 500 })));
    const user = userEvent.setup();
    renderChat();
    await openPanel(user);
    expect(await screen.findByText('Failed to load conversations', {}, { timeout: 5000 })).toBeInTheDocument();
  }, 10000);

  it('lists conversations and opens one: messages oldest first with their context, mine on the right, and reads it', async () => {
    storeSession();
    serveUnread(() => unread({ customer: 1 }));
    const { reads } = serveConversation(
      [
        message({ body: 'Is it true to size?', product: PRODUCT, created_at: '2026-11-27T09:00:00Z' }),
        message({ sender: 'vendor', mine: false, body: 'Yes, order your usual size.', created_at: '2026-11-27T09:05:00Z' }),
      ],
      { unread_count: 1 },
    );
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);

    const row = await within(panel).findByTestId('conversation-row');
    expect(row).toHaveTextContent('Karoo Outdoor Co.');
    expect(row).toHaveTextContent('Is it true to size?');
    expect(within(row).getByTestId('conversation-unread')).toHaveTextContent('1');
    await user.click(row);

    const messages = await within(panel).findAllByTestId('message');
    expect(messages.map((m) => m.getAttribute('data-mine'))).toEqual(['true', 'false']);
    expect(messages[0]).toHaveTextContent('Is it true to size?');
    expect(within(messages[0]!).getByTestId('chat-product-card')).toHaveTextContent('OVR Aero Running Tee');
    // Not today: the date and the time (SPEC §9 "MMM d, h:mm a").
    expect(messages[0]!.querySelector('time')?.textContent).toMatch(/^Nov 2[78], \d{1,2}:\d{2} (AM|PM)$/);
    await waitFor(() => expect(reads()).toBe(1));
  });

  it('sends on Enter (trimmed), not on Shift+Enter, and keeps Send disabled while the box is empty', async () => {
    storeSession();
    serveUnread(() => unread());
    const { sent } = serveConversation([message()]);
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));

    const box = await within(panel).findByRole('textbox', { name: 'Message' });
    const send = within(panel).getByRole('button', { name: 'Send message' });
    expect(box).toHaveAttribute('maxLength', '2000');
    expect(send).toBeDisabled();

    await user.type(box, '  Do you ship to Durban?');
    expect(send).toBeEnabled();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(box).toHaveValue('  Do you ship to Durban?\n');
    expect(sent).toEqual([]);

    await user.type(box, 'Thanks  {Enter}');
    await waitFor(() => expect(sent).toEqual([{ message: 'Do you ship to Durban?\nThanks' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await within(panel).findByText(/Do you ship to Durban\?/)).toBeInTheDocument();
    // No toast for a message in an existing conversation.
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });

  it('checks the rules before sending: blank text is a Validation Error, and the box holds at most 2000 characters', async () => {
    storeSession();
    serveUnread(() => unread());
    const { sent } = serveConversation([message()]);
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    const box = await within(panel).findByRole('textbox', { name: 'Message' });

    await user.type(box, '   {Enter}');
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Message cannot be empty')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(2100));
    expect((box as HTMLTextAreaElement).value).toHaveLength(2000);
  });

  it('toasts the server’s rule and a failed send, and keeps the text', async () => {
    storeSession();
    serveUnread(() => unread());
    serveConversation([message()]);
    let answer: 'rule' | 'down' = 'rule';
    server.use(
      http.post(`*/api/v1/conversations/${CONVERSATION_ID}/messages`, () =>
        answer === 'rule'
          ? HttpResponse.json(
              { error: { code: 'validation_failed', message: 'Invalid', fields: { message: 'Message must be less than 2000 characters' } } },
              { status: 400 },
            )
          : HttpResponse.json({ error: { code: 'internal', message: 'Internal error' } }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    const box = await within(panel).findByRole('textbox', { name: 'Message' });

    await user.type(box, 'Hello{Enter}');
    const rule = await screen.findByText('Message must be less than 2000 characters');
    expect(rule.closest('[data-sonner-toast]')).toHaveTextContent('Validation Error');
    expect(box).toHaveValue('Hello');

    answer = 'down';
    await user.click(within(panel).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('toasts when the messages cannot be loaded', async () => {
    storeSession();
    serveUnread(() => unread());
    server.use(
      http.get('*/api/v1/conversations', () => HttpResponse.json(conversationList([conversation()]))),
      http.get(`*/api/v1/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'No' } }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load messages').some((node) => node.closest('[data-sonner-toast]'))).toBe(true),
    );
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows why no message can be sent instead of the box', async () => {
    storeSession();
    serveUnread(() => unread());
    serveConversation([message()], { blocked: true, can_send: false, cannot_send_reason: 'This store has blocked this conversation' });
    const user = userEvent.setup();
    renderChat();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    expect(await within(panel).findByTestId('cannot-send')).toHaveTextContent('This store has blocked this conversation');
    expect(within(panel).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('live chat', () => {
  it('shows a message that arrives in the open conversation, reads it, and updates the badge', async () => {
    storeSession();
    let counts = unread();
    serveUnread(() => counts);
    const { reads } = serveConversation([message({ body: 'Hello there' })]);
    const user = userEvent.setup();
    renderChat();
    const source = await openedSource();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    await within(panel).findByText('Hello there');
    expect(reads()).toBe(0);

    // The store answers; the badge counts it until the open conversation reads it.
    counts = unread({ customer: 1 });
    const answer = message({ sender: 'vendor', mine: false, body: 'We ship anywhere in South Africa.', created_at: new Date().toISOString() });
    act(() => source.emit('chat_typing', { conversation_id: CONVERSATION_ID, as: 'customer', sender: 'vendor' }));
    expect(await within(panel).findByText('Karoo Outdoor Co. is typing…')).toBeInTheDocument();
    act(() => source.emit('chat_message', { conversation_id: CONVERSATION_ID, as: 'customer', message: answer }, '1'));

    expect(await within(panel).findByText('We ship anywhere in South Africa.')).toBeInTheDocument();
    expect(within(panel).queryByText('Karoo Outdoor Co. is typing…')).not.toBeInTheDocument();
    await waitFor(() => expect(reads()).toBe(1));
    expect(await screen.findByRole('button', { name: 'Messages, 1 unread' })).toHaveTextContent('1');
    counts = unread();
  });

  it('marks my messages read when the other side reads them', async () => {
    storeSession();
    serveUnread(() => unread());
    const first = message({ body: 'First question', created_at: '2026-11-28T08:00:00Z' });
    const second = message({ body: 'Second question', created_at: '2026-11-28T08:01:00Z' });
    serveConversation([first, second]);
    const user = userEvent.setup();
    renderChat();
    const source = await openedSource();
    const panel = await openPanel(user);
    await user.click(await within(panel).findByTestId('conversation-row'));
    await within(panel).findByText('Second question');
    expect(within(panel).queryByTestId('read-receipt')).not.toBeInTheDocument();

    act(() => source.emit('chat_read', { conversation_id: CONVERSATION_ID, as: 'customer', read_at: '2026-11-28T08:05:00Z' }, '2'));

    const receipt = await within(panel).findByTestId('read-receipt');
    expect(receipt).toHaveTextContent('Read');
    const messages = within(panel).getAllByTestId('message');
    expect(within(messages[1]!).getByTestId('read-receipt')).toBe(receipt);
  });
});

describe('Ask the seller', () => {
  it('starts a new conversation about a product: "Start a conversation", then the first message is toasted as sent', async () => {
    storeSession();
    serveUnread(() => unread());
    const started: StartConversation[] = [];
    const conv = conversation({ last_message: 'Is this waterproof?' });
    server.use(
      http.get('*/api/v1/conversations', () => HttpResponse.json(conversationList(started.length ? [conv] : []))),
      http.post('*/api/v1/conversations', async ({ request }) => {
        const body = (await request.json()) as StartConversation;
        started.push(body);
        return HttpResponse.json(
          { conversation: conv, message: message({ body: body.message, product: PRODUCT }) },
          { status: 201 },
        );
      }),
      http.get(`*/api/v1/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(thread(conv, [message({ body: 'Is this waterproof?', product: PRODUCT })])),
      ),
    );
    const user = userEvent.setup();
    renderChat(<AskSellerButton vendor={KAROO} product={PRODUCT} />);
    await user.click(screen.getByRole('button', { name: 'Ask the seller' }));
    const panel = await screen.findByTestId('chat-panel');

    expect(await within(panel).findByText('Start a conversation')).toBeInTheDocument();
    expect(within(panel).getByTestId('conversation-title')).toHaveTextContent('Karoo Outdoor Co.');
    expect(within(panel).getByTestId('pending-context')).toHaveTextContent('About: OVR Aero Running Tee');

    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Is this waterproof?{Enter}');
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    expect(started).toEqual([
      { kind: 'vendor', vendor: 'karoo-outdoor', product_id: PRODUCT.id, message: 'Is this waterproof?' },
    ]);
    const sentMessage = await within(panel).findByTestId('message');
    expect(sentMessage).toHaveTextContent('Is this waterproof?');
    expect(within(sentMessage).getByTestId('chat-product-card')).toBeInTheDocument();
    expect(within(panel).queryByText('Start a conversation')).not.toBeInTheDocument();
  });

  it('toasts why the server refused to start the conversation', async () => {
    storeSession();
    serveUnread(() => unread());
    server.use(
      http.get('*/api/v1/conversations', () => HttpResponse.json(conversationList([]))),
      http.post('*/api/v1/conversations', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { vendor: 'You cannot message your own store' } } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderChat(<AskSellerButton vendor={KAROO} />);
    await user.click(screen.getByRole('button', { name: 'Ask the seller' }));
    const panel = await screen.findByTestId('chat-panel');
    await user.type(await within(panel).findByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    const reason = await screen.findByText('You cannot message your own store');
    expect(reason.closest('[data-sonner-toast]')).toHaveTextContent('Validation Error');
    expect(within(panel).getByText('Start a conversation')).toBeInTheDocument();
  });

  it('opens the existing conversation with that store, sending the order with the next message', async () => {
    storeSession();
    serveUnread(() => unread());
    const { sent } = serveConversation([message({ body: 'Earlier question' })]);
    server.use(
      http.get('*/api/v1/conversations', () =>
        HttpResponse.json(
          conversationList([
            conversation({ id: SUPPORT_CONVERSATION_ID, kind: 'support', title: 'Support', vendor: null }),
            conversation(),
          ]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderChat(<AskSellerButton vendor={KAROO} order={ORDER} />);
    await user.click(screen.getByRole('button', { name: 'Ask the seller' }));
    const panel = await screen.findByTestId('chat-panel');

    expect(await within(panel).findByText('Earlier question')).toBeInTheDocument();
    expect(within(panel).getByTestId('pending-context')).toHaveTextContent('About: Order BZ-1001');
    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Where is my parcel?{Enter}');
    await waitFor(() => expect(sent).toEqual([{ message: 'Where is my parcel?', order_id: ORDER.id }]));
    await waitFor(() => expect(within(panel).queryByTestId('pending-context')).not.toBeInTheDocument());
  });
});
