import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import {
  newThread,
  refreshChatLists,
  updateThread,
  withConversation,
  withMessage,
  withRead,
  type ThreadData,
} from '@/features/chat/api/chat-cache';
import { chatKeys, type InboxScope } from '@/features/chat/api/chat-keys';
import type {
  ConversationList,
  ConversationPage,
  ConversationView,
  SendMessage,
  StartConversation,
  Thread,
} from '@/features/chat/api/chat-types';

/**
 * The chat's calls (SPEC §7 chat): the customer's conversations, a conversation's messages,
 * sending, reading, typing, blocking and reporting, and the vendor's and admin's inboxes.
 */

/** Messages per page of a thread (the API answers at most this many). */
export const THREAD_PAGE_SIZE = 50;
export const INBOX_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// The customer's list

export function conversationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: ({ signal }): Promise<ConversationList> => api.get('/api/v1/conversations', { signal }),
  });
}

/** The signed-in user's own conversations (as a customer), newest activity first. */
export function useConversations() {
  const { user } = useSession();
  return useQuery({ ...conversationsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

// ---------------------------------------------------------------------------------------------
// Inboxes

export const VENDOR_INBOX_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
] as const;

export const ADMIN_INBOX_FILTERS = [
  { value: 'support', label: 'Support' },
  { value: 'reported', label: 'Reported' },
  { value: 'unread', label: 'Unread' },
] as const;

export type InboxFilter = string;

function fetchInbox(scope: InboxScope, filter: InboxFilter, page: number, signal: AbortSignal): Promise<ConversationPage> {
  const query = { page, per_page: INBOX_PAGE_SIZE, filter };
  return scope === 'vendor'
    ? api.get('/api/v1/vendor/conversations', { query, signal })
    : api.get('/api/v1/admin/support/conversations', { query, signal });
}

export function inboxQueryOptions(userId: string, scope: InboxScope, filter: InboxFilter, page: number) {
  return queryOptions({
    queryKey: chatKeys.inbox(userId, scope, filter, page),
    queryFn: ({ signal }) => fetchInbox(scope, filter, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the vendor's (their store's conversations) or the admin's (support and reported) inbox. */
export function useInbox(scope: InboxScope, filter: InboxFilter, page: number) {
  const { user } = useSession();
  return useQuery({ ...inboxQueryOptions(user?.id ?? '', scope, filter, page), enabled: user !== null });
}

// ---------------------------------------------------------------------------------------------
// A conversation's messages

export function fetchThread(id: string, before: string | null, signal?: AbortSignal): Promise<Thread> {
  return api.get('/api/v1/conversations/{id}', { path: { id }, query: { before: before ?? undefined }, signal });
}

/**
 * A conversation with its messages: the newest page first, then older ones on demand
 * (`fetchNextPage`, before the oldest message shown).
 */
export function useThread(conversationId: string | null) {
  const { user } = useSession();
  return useInfiniteQuery<Thread, Error, ThreadData, readonly string[], string | null>({
    queryKey: chatKeys.thread(user?.id ?? '', conversationId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchThread(conversationId ?? '', pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
    enabled: user !== null && conversationId !== null,
  });
}

// ---------------------------------------------------------------------------------------------
// Sending

/** POST /conversations: the first message to a store or to support (reusing the conversation when there is one). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (body: StartConversation) => api.post('/api/v1/conversations', { body }),
    onSuccess: ({ conversation, message }) => {
      if (!user) return;
      const key = chatKeys.thread(user.id, conversation.id);
      const current = queryClient.getQueryData<ThreadData>(key);
      queryClient.setQueryData<ThreadData>(
        key,
        current ? withMessage(withConversation(current, conversation), message) : newThread(conversation, [message]),
      );
      refreshChatLists(queryClient, user.id);
    },
  });
}

/** POST /conversations/{id}/messages. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (body: SendMessage) =>
      api.post('/api/v1/conversations/{id}/messages', { path: { id: conversationId }, body }),
    onSuccess: ({ message }) => {
      if (!user) return;
      updateThread(queryClient, user.id, conversationId, (data) => withMessage(data, message));
      refreshChatLists(queryClient, user.id);
    },
  });
}

/** POST /conversations/{id}/read: the other side's messages are read; the badges drop. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: () => api.post('/api/v1/conversations/{id}/read', { path: { id: conversationId } }),
    onSuccess: () => {
      if (!user) return;
      updateThread(queryClient, user.id, conversationId, (data) => withRead(data, false, new Date().toISOString()));
      refreshChatLists(queryClient, user.id);
    },
    onError: (error) => console.debug('Could not mark the conversation read', error),
  });
}

/** POST /conversations/{id}/typing; the caller sends it at most every TYPING_INTERVAL_MS. */
export function sendTyping(conversationId: string): Promise<void> {
  return api.post('/api/v1/conversations/{id}/typing', { path: { id: conversationId } }).then(
    () => undefined,
    (error: unknown) => {
      // A lost typing notice matters to no one.
      console.debug('Could not send typing', error);
    },
  );
}

export const TYPING_INTERVAL_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Blocking, reporting, resolving

function useConversationChange<Vars>(
  conversationId: string,
  request: (vars: Vars) => Promise<{ conversation: ConversationView }>,
) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ conversation }) => {
      if (!user) return;
      updateThread(queryClient, user.id, conversationId, (data) => withConversation(data, conversation));
      refreshChatLists(queryClient, user.id);
    },
  });
}

/** POST (block) or DELETE (unblock) /conversations/{id}/block; vendor conversations only. */
export function useBlockConversation(conversationId: string) {
  return useConversationChange(conversationId, (block: boolean) => {
    const options = { path: { id: conversationId } };
    return block
      ? api.post('/api/v1/conversations/{id}/block', options)
      : api.delete('/api/v1/conversations/{id}/block', options);
  });
}

/** POST /conversations/{id}/report with a reason (1–500 characters). */
export function useReportConversation(conversationId: string) {
  return useConversationChange(conversationId, (reason: string) =>
    api.post('/api/v1/conversations/{id}/report', { path: { id: conversationId }, body: { reason } }),
  );
}

/** POST /admin/support/conversations/{id}/resolve-report. */
export function useResolveReport(conversationId: string) {
  return useConversationChange(conversationId, () =>
    api.post('/api/v1/admin/support/conversations/{id}/resolve-report', { path: { id: conversationId } }),
  );
}
