'use client';

import { useQueryClient } from '@tanstack/react-query';
import { refreshChatLists, updateThread, withMessage, withRead } from '@/features/chat/api/chat-cache';
import { chatKeys } from '@/features/chat/api/chat-keys';
import type { MessageView } from '@/features/chat/api/chat-types';
import { clearTyping, markTyping } from '@/features/chat/lib/typing-store';
import { useSession } from '@/lib/auth/use-session';
import { useLiveEvent, useLiveResync } from '@/lib/live/live-events';

interface Envelope {
  conversation_id: string;
}

function hasConversation(value: unknown): value is Envelope {
  return typeof (value as Partial<Envelope> | null)?.conversation_id === 'string';
}

function isMessage(value: unknown): value is MessageView {
  const v = value as Partial<MessageView> | null;
  return Boolean(
    v && typeof v.id === 'string' && typeof v.body === 'string' && typeof v.mine === 'boolean' && typeof v.created_at === 'string',
  );
}

/**
 * The chat's live events, mounted once in the root layout:
 * - `chat_message`: the message joins its cached thread (an open conversation shows it at once)
 *   and the badges and lists are read again;
 * - `chat_read`: the other side read my messages, so they show as read;
 * - `chat_typing`: the other side is typing (shown for a few seconds).
 * A stream that opened without replaying what it missed reads everything of the chat again.
 */
export function ChatLive() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  useLiveEvent('chat_message', (data) => {
    if (!userId || !hasConversation(data)) return;
    const message = (data as { message?: unknown }).message;
    if (isMessage(message)) {
      updateThread(queryClient, userId, data.conversation_id, (thread) => withMessage(thread, message));
      if (!message.mine) clearTyping(data.conversation_id);
    } else {
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(userId, data.conversation_id) });
    }
    refreshChatLists(queryClient, userId);
  });

  useLiveEvent('chat_read', (data) => {
    if (!userId || !hasConversation(data)) return;
    const readAt = (data as { read_at?: unknown }).read_at;
    updateThread(queryClient, userId, data.conversation_id, (thread) =>
      withRead(thread, true, typeof readAt === 'string' ? readAt : new Date().toISOString()),
    );
    refreshChatLists(queryClient, userId);
  });

  useLiveEvent('chat_typing', (data) => {
    if (hasConversation(data)) markTyping(data.conversation_id);
  });

  useLiveResync(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: chatKeys.all(userId) });
  });

  return null;
}
