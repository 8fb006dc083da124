'use client';

import { useState } from 'react';
import Link from 'next/link';
import { LogIn, LogOut } from 'lucide-react';
import { accountMenuLinks } from '@/components/layout/account-menu-links';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { displayName, roleOf, useProfile } from '@/lib/account/profile';
import { signOut } from '@/lib/auth/session';
import { loadPage } from '@/lib/navigation';
import type { AuthUser } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';

/**
 * The account control: a Sign In link, or the avatar menu when signed in. `header` is the top
 * bar's; `bar` is the mobile bottom bar's (an icon over a label: Log in, or Account).
 */
export function AccountMenu({ variant = 'header' }: { variant?: 'header' | 'bar' }) {
  const { status, user } = useSession();
  if (variant === 'bar') {
    if (status === 'loading') return <Skeleton className="mx-auto size-7 rounded-full" />;
    if (status === 'signed-out') {
      return (
        <Link href="/login/" className={BAR_ITEM}>
          <LogIn aria-hidden="true" className="size-6" />
          <span className={BAR_LABEL}>Log in</span>
        </Link>
      );
    }
    return <SignedInMenu user={user} variant="bar" />;
  }
  if (status === 'loading') return <Skeleton className="size-9 rounded-full" />;
  if (status === 'signed-out') {
    return (
      <Link
        href="/login/"
        className="inline-flex h-9 items-center gap-1.5 rounded-md bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800"
      >
        <LogIn aria-hidden="true" className="size-4" />
        Sign In
      </Link>
    );
  }
  return <SignedInMenu user={user} variant="header" />;
}

/** The bottom bar's items: an icon over a short label, filling the bar's cell. */
export const BAR_ITEM =
  'flex h-full w-full flex-col items-center justify-center gap-0.5 text-neutral-600 hover:text-brand-700';
export const BAR_LABEL = 'text-[11px] leading-tight font-medium';

function SignedInMenu({ user, variant }: { user: AuthUser; variant: 'header' | 'bar' }) {
  const { data: profile } = useProfile();
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(profile, user.user_metadata?.full_name);
  const avatarUrl = profile ? profile.avatar_url : (user.user_metadata?.avatar_url ?? null);
  const links = accountMenuLinks(roleOf(profile));

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    // A full load, so nothing of this account stays in memory (SPEC §2: sign-out lands on /).
    loadPage('/');
  }

  return (
    <DropdownMenu>
      {variant === 'header' ? (
        <DropdownMenuTrigger
          className="rounded-full outline-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-brand-600"
          aria-label={`Account menu for ${name}`}
          data-testid="account-menu-trigger"
        >
          <Avatar name={name} imageUrl={avatarUrl} />
        </DropdownMenuTrigger>
      ) : (
        <DropdownMenuTrigger className={`${BAR_ITEM} data-[state=open]:text-brand-700`} data-testid="bottom-bar-account-trigger">
          <Avatar name={name} imageUrl={avatarUrl} size="sm" />
          <span className={BAR_LABEL}>Account</span>
        </DropdownMenuTrigger>
      )}
      <DropdownMenuContent
        align="end"
        side={variant === 'bar' ? 'top' : 'bottom'}
        className="w-64"
        data-testid="account-menu"
      >
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar name={name} imageUrl={avatarUrl} size="lg" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-neutral-900">{name}</span>
            <span className="block truncate text-xs text-neutral-600">{user.email}</span>
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
