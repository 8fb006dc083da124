'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Flame, House, Package, type LucideIcon } from 'lucide-react';
import { AccountMenu, BAR_ITEM, BAR_LABEL } from '@/components/layout/account-menu';
import { cn } from '@/lib/cn';

/**
 * Paths without the bottom bar (SPEC §2): the vendor and admin areas, and the sign-in pages
 * (/auth, and /login and /signup, which are the same page).
 */
export function isBottomBarHidden(pathname: string | null): boolean {
  return /^\/(admin|vendor|auth|login|signup)(\/|$)/.test(pathname ?? '');
}

interface BarLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** The paths under which this item is the current one. */
  matches: (pathname: string) => boolean;
}

/** SPEC §2 also lists quests here; its icon is added with the quests pages. */
export const BOTTOM_BAR_LINKS: readonly BarLink[] = [
  { href: '/', label: 'Home', icon: House, matches: (path) => path === '/' },
  { href: '/products/', label: 'Products', icon: Package, matches: (path) => /^\/products(\/|$)/.test(path) },
  { href: '/daily-deals/', label: 'Deals', icon: Flame, matches: (path) => /^\/daily-deals(\/|$)/.test(path) },
];

/**
 * The phone navigation bar fixed to the bottom of the screen (below the md breakpoint): home,
 * products, daily deals, the notifications bell and the messages button (passed in, signed-in
 * only) and the account control. A spacer of the bar's height keeps the end of the page clear of it.
 */
export function MobileBottomBar({ notifications, chat }: { notifications?: ReactNode; chat?: ReactNode }) {
  const pathname = usePathname() ?? '/';
  if (isBottomBarHidden(pathname)) return null;
  return (
    <>
      <div aria-hidden="true" className="h-[calc(4rem+env(safe-area-inset-bottom))] md:hidden" data-bottom-bar-spacer="" />
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
        data-testid="mobile-bottom-bar"
      >
        <ul className="mx-auto flex h-16 max-w-lg items-stretch">
          {BOTTOM_BAR_LINKS.map(({ href, label, icon: Icon, matches }) => {
            const current = matches(pathname);
            return (
              <li key={href} className="flex-1">
                <Link
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={cn(BAR_ITEM, current && 'text-brand-700')}
                >
                  <Icon aria-hidden="true" className="size-6" />
                  <span className={BAR_LABEL}>{label}</span>
                </Link>
              </li>
            );
          })}
          {notifications ? <BarSlot>{notifications}</BarSlot> : null}
          {chat ? <BarSlot>{chat}</BarSlot> : null}
          <li className="flex-1">
            <AccountMenu variant="bar" />
          </li>
        </ul>
      </nav>
    </>
  );
}

/** A cell for a slotted control; it collapses when the control renders nothing (signed out). */
function BarSlot({ children }: { children: ReactNode }) {
  return <li className="flex-1 empty:hidden">{children}</li>;
}
