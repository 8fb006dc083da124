'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { AccountMenu } from '@/components/layout/account-menu';
import { HEADER_LINKS } from '@/components/layout/site-links';
import { SiteLogo } from '@/components/layout/site-logo';
import { ThemeMenu } from '@/components/layout/theme-menu';

/**
 * The vendor and admin areas have their own navigation (SPEC §2 "Navigation"): the storefront's
 * top bar, footer and test-payments notice are not shown there.
 */
export function isHeaderHidden(pathname: string | null): boolean {
  return /^\/(admin|vendor)(\/|$)/.test(pathname ?? '');
}

/**
 * The top bar. Feature controls come in as slots from the root layout: `search` (the search box,
 * or its icon on small screens), `cart` (the cart icon with its count), `points` (the balance) and `notifications` (the bell, shown from the md breakpoint up;
 * phones have it in the bottom bar).
 */
export function SiteHeader({
  search,
  cart,
  points,
  notifications,
}: { search?: ReactNode; cart?: ReactNode; points?: ReactNode; notifications?: ReactNode } = {}) {
  const pathname = usePathname();

  if (isHeaderHidden(pathname)) return null;

  // data-site-header: toasts are placed under it (components/ui/toaster.tsx).
  return (
    <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur" data-site-header="">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <SiteLogo className="order-1 h-14 sm:h-auto" />
        <nav
          aria-label="Shop"
          className="order-3 -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-neutral-100 px-4 sm:order-2 sm:mx-0 sm:ml-8 sm:w-auto sm:overflow-visible sm:border-0 sm:px-0"
        >
          <ul className="flex gap-5 py-2 text-sm font-medium whitespace-nowrap text-neutral-700 sm:gap-6 sm:py-0">
            {HEADER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="inline-block rounded py-1 hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/*
          The header's actions, right-aligned on the logo's row at every width. Search, the cart
          badge, the points balance and the notifications bell belong here, before the theme
          switch; the account control stays last.
        */}
        <div className="order-2 ml-auto flex items-center gap-1 sm:order-3 sm:gap-2" data-testid="header-actions">
          {search}
          {cart}
          {points}
          {notifications ? <div className="hidden md:flex">{notifications}</div> : null}
          <ThemeMenu />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
