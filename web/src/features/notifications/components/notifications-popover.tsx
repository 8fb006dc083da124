'use client';

import { useState, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import type { TriggerProps } from '@/components/ui/deferred-popup';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';

/** The bell's popover with the notifications panel, loaded by NotificationBell on first use and mounted open. */
export function NotificationsPopover({
  trigger,
  content,
  side,
}: {
  trigger: TriggerProps;
  /** The trigger's content: the bell, its badge, and in the bottom bar its label. */
  content: ReactNode;
  side: 'bottom' | 'top';
}) {
  const [open, setOpen] = useState(true);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger {...trigger}>{content}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          side={side}
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
