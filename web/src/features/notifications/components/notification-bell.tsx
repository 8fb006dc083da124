'use client';

import { Bell } from 'lucide-react';
import { CountBadge, DESKTOP_BADGE_CAP, MOBILE_BADGE_CAP } from '@/components/ui/count-badge';
import { DeferredPopup, type TriggerProps } from '@/components/ui/deferred-popup';
import { useNotifications } from '@/features/notifications/api/notifications';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/auth/use-session';

export type BellVariant = 'header' | 'bar';

// The panel (Radix popover, the list, date formatting) is loaded when first opened; see DeferredPopup.
const loadNotificationsPopover = () =>
  import('@/features/notifications/components/notifications-popover').then((m) => m.NotificationsPopover);

/**
 * The notifications bell with its unread badge, opening the notifications panel. `header` is the
 * desktop bell (99+), `bar` the mobile bottom bar's (9+, labelled). Signed-in visitors only.
 */
export function NotificationBell({ variant }: { variant: BellVariant }) {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return <SignedInBell variant={variant} />;
}

function SignedInBell({ variant }: { variant: BellVariant }) {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const unreadText = unread > 0 ? `, ${unread} unread` : '';
  const trigger: TriggerProps = {
    // The bar's bell is named by its visible label (plus the count for screen readers), so the
    // name starts with the words on screen (WCAG 2.5.3); the header's is an icon and needs a label.
    'aria-label': variant === 'header' ? `Notifications${unreadText}` : undefined,
    'data-testid': variant === 'header' ? 'notification-bell' : 'bottom-bar-notifications',
    className: cn(
      variant === 'header'
        ? 'relative inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100'
        : 'flex h-full w-full flex-col items-center justify-center gap-0.5 text-neutral-600 hover:text-brand-700 data-[state=open]:text-brand-700',
    ),
  };
  const content = (
    <>
      <span className="relative inline-flex">
        <Bell aria-hidden="true" className={variant === 'header' ? 'size-5' : 'size-6'} />
        <CountBadge count={unread} cap={variant === 'header' ? DESKTOP_BADGE_CAP : MOBILE_BADGE_CAP} />
      </span>
      {variant === 'bar' ? (
        <span className="text-[11px] leading-tight font-medium">
          Notifications
          {unreadText ? <span className="sr-only">{unreadText}</span> : null}
        </span>
      ) : null}
    </>
  );

  return (
    <DeferredPopup
      load={loadNotificationsPopover}
      props={{ trigger, content, side: variant === 'header' ? 'bottom' : 'top' } as const}
      trigger={trigger}
      haspopup="dialog"
    >
      {content}
    </DeferredPopup>
  );
}
