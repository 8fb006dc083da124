import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import { chatKeys } from '@/features/chat/api/chat-keys';
import type { ChatUnread } from '@/features/chat/api/chat-types';

/**
 * GET /api/v1/conversations/unread: the badges' counts (the customer's own, the caller's store's,
 * support's for admins). Small on purpose: the chat button in every page's first load uses it.
 */
export function chatUnreadQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.unread(userId),
    queryFn: ({ signal }): Promise<ChatUnread> => api.get('/api/v1/conversations/unread', { signal }),
  });
}

/** The signed-in user's unread counts; idle for guests. */
export function useChatUnread() {
  const { user } = useSession();
  return useQuery({ ...chatUnreadQueryOptions(user?.id ?? ''), enabled: user !== null });
}
