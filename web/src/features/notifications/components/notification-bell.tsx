'use client';

import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { CountBadge, DESKTOP_BADGE_CAP, MOBILE_BADGE_CAP } from '@/components/ui/count-badge';
import { useNotifications } from '@/features/notifications/api/notifications';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/auth/use-session';

export type BellVariant = 'header' | 'bar';

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
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        data-testid={variant === 'header' ? 'notification-bell' : 'bottom-bar-notifications'}
        className={cn(
          variant === 'header'
            ? 'relative inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100'
            : 'flex h-full w-full flex-col items-center justify-center gap-0.5 text-neutral-600 hover:text-brand-700 data-[state=open]:text-brand-700',
        )}
      >
        <span className="relative inline-flex">
          <Bell aria-hidden="true" className={variant === 'header' ? 'size-5' : 'size-6'} />
          <CountBadge count={unread} cap={variant === 'header' ? DESKTOP_BADGE_CAP : MOBILE_BADGE_CAP} />
        </span>
        {variant === 'bar' ? <span className="text-[11px] leading-tight font-medium">Notifications</span> : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          side={variant === 'header' ? 'bottom' : 'top'}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-neutral-200 bg-white text-neutral-800 shadow-lg"
        >
          <NotificationsPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
