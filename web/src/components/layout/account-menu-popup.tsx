'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { LogOut } from 'lucide-react';
import type { AccountMenuLink } from '@/components/layout/account-menu-links';
import { Avatar } from '@/components/ui/avatar';
import type { FirstOpen, TriggerProps } from '@/components/ui/deferred-popup';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFirstOpenFocus,
} from '@/components/ui/dropdown-menu';
import { signOut } from '@/lib/auth/session';
import { loadPage } from '@/lib/navigation';

/** The avatar menu itself (SPEC §2 "Avatar menu"), loaded by AccountMenu on first use and mounted open. */
export function AccountMenuPopup({
  trigger,
  content,
  variant,
  name,
  email,
  avatarUrl,
  links,
  firstOpen,
}: {
  trigger: TriggerProps;
  /** The trigger's content: the avatar, and in the bottom bar its label. */
  content: ReactNode;
  variant: 'header' | 'bar';
  name: string;
  email: string | undefined;
  avatarUrl: string | null;
  links: readonly AccountMenuLink[];
  firstOpen: FirstOpen;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const focusFirstItem = useFirstOpenFocus(firstOpen);

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    // A full load, so nothing of this account stays in memory (SPEC §2: sign-out lands on /).
    loadPage('/');
  }

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger}>{content}</DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        side={variant === 'bar' ? 'top' : 'bottom'}
        className="w-64"
        data-testid="account-menu"
        onFocus={focusFirstItem}
      >
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={name} imageUrl={avatarUrl} size="lg" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-neutral-900">{name}</span>
            <span className="block truncate text-xs text-neutral-600">{email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {links.map(({ href, label, icon: Icon }) => (
            <DropdownMenuItem key={href} asChild>
              <Link href={href}>
                <Icon aria-hidden="true" className="size-4 text-neutral-500" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signingOut} onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" className="size-4 text-neutral-500" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
