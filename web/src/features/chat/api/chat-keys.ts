/**
 * The chat's query keys, all under ['chat', userId] so one account never sees another's cache
 * and a sign-out or resync can refetch everything of the chat at once.
 */

export type InboxScope = 'vendor' | 'admin';

export const chatKeys = {
  all: (userId: string) => ['chat', userId] as const,
  unread: (userId: string) => ['chat', userId, 'unread'] as const,
  /** The customer's own list (GET /conversations). */
  list: (userId: string) => ['chat', userId, 'list'] as const,
  /** The vendor's and the admin's paged inboxes; every page and filter under one prefix. */
  inboxes: (userId: string) => ['chat', userId, 'inbox'] as const,
  inbox: (userId: string, scope: InboxScope, filter: string, page: number) =>
    ['chat', userId, 'inbox', scope, filter, page] as const,
  thread: (userId: string, conversationId: string) => ['chat', userId, 'thread', conversationId] as const,
};
