import type { Schema } from '@/lib/api/client';

/**
 * The chat's answers (SPEC §3 Conversation, chat_messages, vendor_messages), as the API sends
 * them under /api/v1/conversations, /api/v1/vendor/conversations and
 * /api/v1/admin/support/conversations.
 */

/** `vendor` (with one store) or `support`. */
export type ConversationKind = 'vendor' | 'support';

export type ConversationView = Schema<'ConversationView'>;
/**
 * A message. `sender` is `customer`, `vendor` or `support`; `mine` says whether the caller's side
 * sent it.
 */
export type MessageView = Schema<'MessageView'>;
export type ChatProduct = Schema<'ProductRef'>;
export type ChatOrder = Schema<'OrderRef'>;
export type ConversationList = Schema<'ConversationList'>;
/** The badges: the customer's own unread, their store's (null without one), support's (admins). */
export type ChatUnread = Schema<'Unread'>;
export type Thread = Schema<'Thread'>;
export type ConversationPage = Schema<'ConversationPage'>;
export type StartConversation = Schema<'StartConversation'>;
export type SendMessage = Schema<'SendMessage'>;

/** The caller's side in a conversation (`as`): an admin reading a reported one is an observer. */
export const OBSERVER = 'observer';
