'use client';

import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  addNotificationToCache,
  notificationsKey,
  type Notification,
} from '@/features/notifications/api/notifications';
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
 * list, and a new one is announced with a toast of its title. Mounted once, in the root layout.
 */
export function NotificationsLive() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  useLiveEvent('notification', (data) => {
    if (!userId || !isNotification(data)) return;
    if (addNotificationToCache(queryClient, userId, data)) {
      toast(data.title, { description: data.message });
    }
  });

  useLiveResync(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
  });

  return null;
}
