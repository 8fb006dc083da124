import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/features/chat/api/chat-keys';
import type { ConversationView, MessageView, Thread } from '@/features/chat/api/chat-types';

/**
 * How the cached chat changes without a fetch: a sent or received message joins its thread, a
 * read receipt marks messages read. A thread is an infinite query whose first page is the newest
 * messages and each further page the ones before it (GET /conversations/{id}?before=…).
 */

export type ThreadData = InfiniteData<Thread, string | null>;

function byTime(a: MessageView, b: MessageView): number {
  return Date.parse(a.created_at) - Date.parse(b.created_at);
}

/** The thread with `message` in it: replaced when there, else added to the newest page. */
export function withMessage(data: ThreadData, message: MessageView): ThreadData {
  const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
  const pages = data.pages.map((page, index) => {
    if (known) return { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) };
    if (index !== 0) return page;
    return {
      ...page,
      messages: [...page.messages, message].sort(byTime),
      conversation: {
        ...page.conversation,
        last_message: message.body,
        last_message_at: message.created_at,
      },
    };
  });
  return { ...data, pages };
}

/** The thread with the messages of one side (`mine` or not) that were unread marked read at `readAt`. */
export function withRead(data: ThreadData, mine: boolean, readAt: string): ThreadData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversation: mine ? page.conversation : { ...page.conversation, unread_count: 0 },
      messages: page.messages.map((m) => (m.mine === mine && m.read_at === null ? { ...m, read_at: readAt } : m)),
    })),
  };
}

export function withConversation(data: ThreadData, conversation: ConversationView): ThreadData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, conversation })) };
}

/** The messages of a thread, oldest first. */
export function threadMessages(data: ThreadData): MessageView[] {
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** A thread as one page, for a conversation that was just started (no fetch needed). */
export function newThread(conversation: ConversationView, messages: MessageView[]): ThreadData {
  return { pages: [{ conversation, messages, has_more: false }], pageParams: [null] };
}

/** Lists and badges read again: after a message or a read changed the counts. */
export function refreshChatLists(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread(userId) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes(userId) });
}

export function updateThread(
  queryClient: QueryClient,
  userId: string,
  conversationId: string,
  update: (data: ThreadData) => ThreadData,
) {
  const key = chatKeys.thread(userId, conversationId);
  const current = queryClient.getQueryData<ThreadData>(key);
  if (current) queryClient.setQueryData<ThreadData>(key, update(current));
}
