'use client';

import Link from 'next/link';
import { LogIn } from 'lucide-react';
import { accountMenuLinks } from '@/components/layout/account-menu-links';
import { Avatar } from '@/components/ui/avatar';
import { DeferredPopup, type TriggerProps } from '@/components/ui/deferred-popup';
import { Skeleton } from '@/components/ui/skeleton';
import { displayName, roleOf, useProfile } from '@/lib/account/profile';
import type { AuthUser } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';

// The avatar menu (Radix) is loaded when first used; see DeferredPopup.
const loadAccountMenuPopup = () =>
  import('@/components/layout/account-menu-popup').then((m) => m.AccountMenuPopup);

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
  const name = displayName(profile, user.user_metadata?.full_name);
  const avatarUrl = profile ? profile.avatar_url : (user.user_metadata?.avatar_url ?? null);
  const links = accountMenuLinks(roleOf(profile));
  const trigger: TriggerProps =
    variant === 'header'
      ? {
          className: 'rounded-full outline-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-brand-600',
          'aria-label': `Account menu for ${name}`,
          'data-testid': 'account-menu-trigger',
        }
      : { className: `${BAR_ITEM} data-[state=open]:text-brand-700`, 'data-testid': 'bottom-bar-account-trigger' };
  const content =
    variant === 'header' ? (
      <Avatar name={name} imageUrl={avatarUrl} />
    ) : (
      <>
        <Avatar name={name} imageUrl={avatarUrl} size="sm" />
        <span className={BAR_LABEL}>Account</span>
      </>
    );

  return (
    <DeferredPopup
      load={loadAccountMenuPopup}
      props={{ trigger, content, variant, name, email: user.email, avatarUrl, links }}
      trigger={trigger}
      haspopup="menu"
    >
      {content}
    </DeferredPopup>
  );
}
