'use client';

import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  addNotificationToCache,
  notificationsKey,
  type Notification,
} from '@/features/notifications/api/notifications';
import { ordersKey } from '@/features/orders/api/orders';
import { useSession } from '@/lib/auth/use-session';
import { useLiveEvent, useLiveResync } from '@/lib/live/live-events';

function isNotification(value: unknown): value is Notification {
  const v = value as Partial<Notification> | null;
  return Boolean(
    v &&
      typeof v.id === 'string' &&
      typeof v.title === 'string' &&
      typeof v.message === 'string' &&
      typeof v.read === 'boolean' &&
      typeof v.created_at === 'string',
  );
}

/**
 * Live notifications (SPEC §7: realtime inserts): each `notification` event goes into the cached
 * list, and a new one is announced with a toast of its title. Every notification is about an
 * order, so the cached orders are refetched too: an open orders tab shows the new status without
 * a reload. When a stream opens without resuming (the first one of the page, too: a notification
 * written after the list was read but before the stream connected was never sent to it), both
 * are read again. Mounted once, in the root layout.
 */
export function NotificationsLive() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  useLiveEvent('notification', (data) => {
    if (!userId || !isNotification(data)) return;
    if (addNotificationToCache(queryClient, userId, data)) {
      toast(data.title, { description: data.message });
      void queryClient.invalidateQueries({ queryKey: ordersKey(userId) });
    }
  });

  useLiveResync(() => {
    if (!userId) return;
    void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
    void queryClient.invalidateQueries({ queryKey: ordersKey(userId) });
  });

  return null;
}
