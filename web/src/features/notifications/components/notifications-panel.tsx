'use client';

import { useId } from 'react';
import Link from 'next/link';
import { formatDistance } from 'date-fns';
import {
  BadgeCheck,
  Bell,
  CircleCheck,
  CircleX,
  Clock,
  FilePen,
  PackageCheck,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useMarkNotificationsRead,
  useNotifications,
  type Notification,
} from '@/features/notifications/api/notifications';
import { cn } from '@/lib/cn';

/** SPEC §2: the panel's link to the orders tab of the profile. */
export const ALL_ORDERS_HREF = '/profile/?tab=orders';

/** SPEC §4 "Order status colours": confirmed blue, processing yellow, shipped orange, delivered green, cancelled red. */
const TYPE_STYLES: Record<string, { icon: LucideIcon; className: string }> = {
  order_confirmed: { icon: CircleCheck, className: 'text-blue-600' },
  processing: { icon: Clock, className: 'text-yellow-600' },
  shipped: { icon: Truck, className: 'text-orange-600' },
  delivered: { icon: PackageCheck, className: 'text-green-600' },
  cancelled: { icon: CircleX, className: 'text-red-600' },
  application_approved: { icon: BadgeCheck, className: 'text-green-600' },
  application_rejected: { icon: CircleX, className: 'text-red-600' },
  application_changes_requested: { icon: FilePen, className: 'text-yellow-600' },
};
const DEFAULT_STYLE = { icon: Bell, className: 'text-neutral-500' };

/** "5 minutes ago" (SPEC §9: relative times for notifications). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // A clock slightly ahead of this browser's still reads as "just now", not "in a few seconds".
  return formatDistance(date > now ? now : date, now, { addSuffix: true });
}

/**
 * The notifications list: newest first, unread ones highlighted with a dot (a tap or click marks
 * one read), "Mark all as read", and the link to all orders.
 */
export function NotificationsPanel({ onNavigate }: { onNavigate?: () => void }) {
  const headingId = useId();
  const { data, isPending, isError, refetch, isFetching } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  return (
    <section aria-labelledby={headingId} className="flex max-h-[min(32rem,70vh)] flex-col" data-testid="notifications-panel">
      <div className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-neutral-900">
          Notifications
        </h2>
        {unread > 0 ? (
          <button
            type="button"
            onClick={() => markRead.mutate('all')}
            className="rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Mark all as read
          </button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <NotificationsSkeleton />
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <p className="text-sm text-neutral-600">Notifications could not be loaded.</p>
            <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : data.notifications.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-neutral-600">No notifications yet</p>
        ) : (
          <ul className="divide-y divide-neutral-200">
            {data.notifications.map((notification) => (
              // Focusable, so focus stays here when the item's button turns into plain text.
              <li key={notification.id} tabIndex={-1} className="outline-offset-[-2px]">
                <NotificationItem
                  notification={notification}
                  onMarkRead={(id) => markRead.mutate(id)}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-neutral-200 px-4 py-3 text-center">
        <Link
          href={ALL_ORDERS_HREF}
          onClick={onNavigate}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
        >
          View All Orders
        </Link>
      </div>
    </section>
  );
}

/** A notification's own page (`link`), when it is a path on this site; other values are ignored. */
export function notificationHref(link: string | null | undefined): string | null {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')
    ? link
    : null;
}

/**
 * One notification. With a link (an application decision: /vendor/ or /vendor/applications/) it
 * is a link there, which also marks it read; else an unread one is a button that marks it read.
 */
function NotificationItem({
  notification,
  onMarkRead,
  onNavigate,
}: {
  notification: Notification;
  onMarkRead: (id: string) => void;
  onNavigate?: () => void;
}) {
  const unread = !notification.read;
  const { icon: Icon, className: iconClass } = TYPE_STYLES[notification.type] ?? DEFAULT_STYLE;
  const body = (
    <>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClass)} />
      <span className="min-w-0 flex-1">
        {unread ? <span className="sr-only">Unread: </span> : null}
        <span className={cn('block text-sm text-neutral-900', unread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
        </span>
        <span className="mt-0.5 block text-sm text-neutral-600">{notification.message}</span>
        <time
          dateTime={notification.created_at}
          title={new Date(notification.created_at).toLocaleString('en-ZA')}
          className="mt-1 block text-xs text-neutral-500"
        >
          {relativeTime(notification.created_at)}
        </time>
      </span>
      {unread ? (
        <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600" data-testid="unread-dot" />
      ) : null}
    </>
  );
  const layout = 'flex w-full items-start gap-3 px-4 py-3 text-left';
  const href = notificationHref(notification.link);
  if (href) {
    return (
      <Link
        href={href}
        onClick={() => {
          if (unread) onMarkRead(notification.id);
          onNavigate?.();
        }}
        className={cn(layout, unread ? 'bg-brand-50 hover:bg-brand-100' : 'hover:bg-neutral-50')}
        data-testid="notification"
        data-unread={String(unread)}
      >
        {body}
      </Link>
    );
  }
  if (!unread) {
    return (
      <div className={layout} data-testid="notification" data-unread="false">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={(event) => {
        event.currentTarget.parentElement?.focus();
        onMarkRead(notification.id);
      }}
      className={cn(layout, 'bg-brand-50 hover:bg-brand-100')}
      data-testid="notification"
      data-unread="true"
      title="Mark as read"
    >
      {body}
    </button>
  );
}

function NotificationsSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-4 py-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading notifications
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-5 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
