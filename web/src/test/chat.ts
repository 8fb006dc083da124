import { http, HttpResponse } from 'msw';
import type {
  ChatUnread,
  ConversationList,
  ConversationView,
  MessageView,
  Thread,
} from '@/features/chat/api/chat-types';
import { server } from '@/test/msw-server';

/** Chat payloads shaped as the API sends them (/api/v1/conversations…). */

export const CONVERSATION_ID = '0191c000-0000-7000-8000-000000000001';
export const SUPPORT_CONVERSATION_ID = '0191c000-0000-7000-8000-000000000002';
export const PRODUCT = {
  id: '0190a000-0000-7000-8000-000000000001',
  slug: 'ovr-aero-running-tee',
  name: 'OVR Aero Running Tee',
  image_url: '/media/seed/ovr-aero-running-tee.svg',
};
export const ORDER = { id: '0190d000-0000-7000-8000-000000000001', order_number: 'BZ-1001', status: 'processing' };

export function conversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: CONVERSATION_ID,
    kind: 'vendor',
    as: 'customer',
    title: 'Karoo Outdoor Co.',
    subtitle: 'Vendor',
    avatar_url: null,
    vendor: { slug: 'karoo-outdoor', name: 'Karoo Outdoor Co.', logo_url: null },
    customer: null,
    product: null,
    order: null,
    last_message: 'Is it true to size?',
    last_message_at: '2026-11-28T09:00:00Z',
    unread_count: 0,
    blocked: false,
    blocked_by_me: false,
    can_send: true,
    cannot_send_reason: null,
    reported: false,
    report_reason: null,
    created_at: '2026-11-28T09:00:00Z',
    ...overrides,
  };
}

let messageSeq = 0;

export function message(overrides: Partial<MessageView> = {}): MessageView {
  messageSeq += 1;
  return {
    id: `0191d000-0000-7000-8000-${String(messageSeq).padStart(12, '0')}`,
    conversation_id: CONVERSATION_ID,
    sender: 'customer',
    mine: true,
    body: 'Is it true to size?',
    created_at: '2026-11-28T09:00:00Z',
    read_at: null,
    product: null,
    order: null,
    ...overrides,
  };
}

export function conversationList(conversations: ConversationView[]): ConversationList {
  return { conversations, unread: conversations.reduce((sum, c) => sum + c.unread_count, 0) };
}

export function thread(conv: ConversationView, messages: MessageView[], hasMore = false): Thread {
  return { conversation: conv, messages, has_more: hasMore };
}

export function unread(overrides: Partial<ChatUnread> = {}): ChatUnread {
  return { customer: 0, vendor: null, support: null, ...overrides };
}

/** Answers the badge counts with whatever `counts()` says at the time of each read. */
export function serveUnread(counts: () => ChatUnread) {
  server.use(http.get('*/api/v1/conversations/unread', () => HttpResponse.json(counts())));
}
