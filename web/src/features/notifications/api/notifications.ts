import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';

/**
 * The signed-in user's notifications (SPEC §3–4, §7): order updates, and the decisions on a
 * vendor application (with a `link` to follow, and no order). GET /api/v1/notifications (newest
 * first, 50 kept), POST /api/v1/notifications/{id}/read and POST /api/v1/notifications/read-all.
 * The list is cached per user; live events (lib/live-events) add to the same cache.
 */

export type NotificationType =
  | 'order_confirmed'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'application_approved'
  | 'application_rejected'
  | 'application_changes_requested';

export type Notification = Schema<'NotificationView'>;

export type NotificationList = Schema<'NotificationList'>;

/** SPEC §9: notifications kept. */
export const NOTIFICATIONS_KEPT = 50;

export function notificationsKey(userId: string) {
  return ['notifications', userId] as const;
}

export function notificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationsKey(userId),
    queryFn: ({ signal }): Promise<NotificationList> => api.get('/api/v1/notifications', { signal }),
  });
}

/** The signed-in user's notifications; idle (no request) for guests. */
export function useNotifications() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({ ...notificationsQueryOptions(userId), enabled: user !== null });
}

function withUnread(notifications: Notification[]): NotificationList {
  return { notifications, unread: notifications.filter((n) => !n.read).length };
}

/**
 * The list with `incoming` in it: replaced when already there, else added; newest first, at most
 * 50 (as the server keeps them).
 */
export function mergeNotification(list: NotificationList, incoming: Notification): NotificationList {
  const others = list.notifications.filter((n) => n.id !== incoming.id);
  const merged = [incoming, ...others]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, NOTIFICATIONS_KEPT);
  return withUnread(merged);
}

export function markReadInList(list: NotificationList, id: string | 'all'): NotificationList {
  return withUnread(list.notifications.map((n) => (id === 'all' || n.id === id ? { ...n, read: true } : n)));
}

/**
 * Adds a notification that arrived live to the user's cached list. Returns whether it was new
 * (not in the cache already), so the caller toasts it once.
 *
 * A read of the list already on its way may have started before this notification was written,
 * and its answer would replace the list without it. The server sends the event only once the
 * notification is stored, so such a read is cancelled and started again: the new answer
 * includes it.
 */
export function addNotificationToCache(queryClient: QueryClient, userId: string, incoming: Notification): boolean {
  const key = notificationsKey(userId);
  const current = queryClient.getQueryData<NotificationList>(key);
  const isNew = !current?.notifications.some((n) => n.id === incoming.id);
  if (queryClient.isFetching({ queryKey: key }) > 0) {
    // Cancelling puts back the list as it was before that read; merge into that.
    void queryClient.cancelQueries({ queryKey: key }).then(() => {
      const before = queryClient.getQueryData<NotificationList>(key);
      if (before) queryClient.setQueryData<NotificationList>(key, mergeNotification(before, incoming));
      return queryClient.invalidateQueries({ queryKey: key });
    });
  } else if (current) {
    queryClient.setQueryData<NotificationList>(key, mergeNotification(current, incoming));
  } else {
    // Nothing cached yet: the next read fetches the list, which includes this one.
    void queryClient.invalidateQueries({ queryKey: key });
  }
  return isNew;
}

type MarkReadResult = { updated: number } | { notification: Notification };

function markRead(id: string | 'all'): Promise<MarkReadResult> {
  return id === 'all'
    ? api.post('/api/v1/notifications/read-all')
    : api.post('/api/v1/notifications/{id}/read', { path: { id } });
}

/** Marks one notification (an id) or all of them ('all') read, showing it at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = notificationsKey(user?.id ?? '');
  return useMutation({
    mutationFn: markRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData<NotificationList>(key, markReadInList(previous, id));
      return { previous };
    },
    onSuccess: (result) => {
      // One notification: take the server's copy. All: the optimistic list is already right.
      if (!('notification' in result)) return;
      const current = queryClient.getQueryData<NotificationList>(key);
      if (current) queryClient.setQueryData<NotificationList>(key, mergeNotification(current, result.notification));
    },
    onError: (error, _id, context) => {
      // Put back what the server did not change, and read the list again.
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
      console.debug('Could not mark notifications read', error);
    },
  });
}
