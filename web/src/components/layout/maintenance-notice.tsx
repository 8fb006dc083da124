'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { publicSettingsQueryOptions, useSiteName } from '@/lib/public-settings';

/**
 * What maintenance mode shows (components/layout/maintenance-gate.tsx loads this module only when
 * maintenance mode is on, so the site's first load does not carry it).
 */

/** What a signed-in admin reads above the site while maintenance mode is on. */
export const MAINTENANCE_BANNER = 'Maintenance mode is on: customers see your message instead of the shop.';

/** The notice's heading. */
export const MAINTENANCE_HEADING = 'We’ll be back soon';

/** How often the notice asks whether the shop is open again. */
const RECHECK_MS = 60_000;

/** The slim notice above the site for a signed-in admin, linking to where it is switched off. */
export function MaintenanceBanner() {
  return (
    <aside
      aria-label="Maintenance mode"
      data-testid="maintenance-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-900"
    >
      <p className="mx-auto max-w-6xl px-4 py-1.5 text-center text-xs font-medium sm:px-6 sm:text-sm">
        {MAINTENANCE_BANNER}{' '}
        <Link href="/admin/advanced-settings/" className="underline underline-offset-2 hover:text-amber-950">
          Advanced settings
        </Link>
      </p>
    </aside>
  );
}

/**
 * The page shown instead of the site: the store's name, the heading and the admin's message (and,
 * to visitors, a way for staff to sign in). It asks every minute whether the shop is open again.
 */
export function MaintenanceNotice({ message, signedOut }: { message: string; signedOut: boolean }) {
  const { data: settings } = useQuery({ ...publicSettingsQueryOptions(), refetchInterval: RECHECK_MS });
  const siteName = useSiteName();
  const storeName = settings?.store?.name?.trim() || siteName;
  return (
    <main
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="maintenance-notice"
    >
      <p className="flex items-center gap-2 text-xl font-bold tracking-tight text-brand-700">
        <Store aria-hidden="true" className="size-6" />
        {storeName}
      </p>
      <h1 className="text-2xl font-bold text-neutral-900 sm:text-3xl">{MAINTENANCE_HEADING}</h1>
      <p className="text-base whitespace-pre-line text-neutral-700">{message}</p>
      {signedOut ? (
        <Link href="/login/" className="mt-4 text-sm text-neutral-500 underline underline-offset-2 hover:text-brand-700">
          Staff sign-in
        </Link>
      ) : null}
    </main>
  );
}
