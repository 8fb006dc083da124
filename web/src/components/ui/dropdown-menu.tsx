'use client';

import { useRef, type ComponentProps, type FocusEvent } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { FirstOpen } from '@/components/ui/deferred-popup';
import { cn } from '@/lib/cn';

/** Radix dropdown menus (keyboard, focus and screen-reader handling) in the site's style. */

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export function DropdownMenuContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-48 rounded-lg border border-neutral-200 bg-white p-1 text-sm text-neutral-800 shadow-lg',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 outline-none select-none data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(ITEM, className)} {...props} />;
}

export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(ITEM, 'pr-8 relative', className)} {...props}>
      {children}
      <Menu.ItemIndicator className="absolute right-2 inline-flex">
        <Check aria-hidden="true" className="size-4 text-brand-700" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-3 py-2', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('my-1 h-px bg-neutral-200', className)} {...props} />;
}

/**
 * `onFocus` for the content of a menu that DeferredPopup mounted open after a key press: when the
 * menu focuses its content, focus moves on to the first item, as when Radix sees the key itself
 * (its keyboard tracking was not mounted yet to see it). Later openings are Radix's own.
 */
export function useFirstOpenFocus(firstOpen: FirstOpen) {
  const pending = useRef(firstOpen.keyboard);
  return (event: FocusEvent<HTMLDivElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };
}
