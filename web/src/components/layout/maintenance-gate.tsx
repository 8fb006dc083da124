'use client';

import { useEffect, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { roleOf, useProfile } from '@/lib/account/profile';
import { onMaintenance } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { publicSettingsQueryOptions, usePublicSettings } from '@/lib/public-settings';

// The notice and the banner load only when maintenance mode is on.
const MaintenanceNotice = dynamic(
  () => import('@/components/layout/maintenance-notice').then((m) => m.MaintenanceNotice),
  { ssr: false },
);
const MaintenanceBanner = dynamic(
  () => import('@/components/layout/maintenance-notice').then((m) => m.MaintenanceBanner),
  { ssr: false },
);

/**
 * Paths that stay as they are in maintenance mode: the admin area (its API stays open to admins)
 * and signing in (/login, /auth and its callback), so an admin can get in to switch it off.
 */
export function isMaintenanceExempt(pathname: string | null): boolean {
  return /^\/(admin|login|auth)(\/|$)/.test(pathname ?? '');
}

/**
 * Maintenance mode (public settings' `maintenance`, set on /admin/advanced-settings): everyone but
 * admins sees a full-page notice with the admin's message instead of the site (the storefront and
 * the vendor area, whose API answers 503 meanwhile); a signed-in admin sees the site as usual
 * under a slim banner saying so. Until the settings have answered, and while a signed-in user's
 * role is still being read, the page shows as exported.
 *
 * A call answering 503 `maintenance` reads the settings again (lib/api-client onMaintenance), so
 * the notice shows even when they were cached before maintenance began.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const { data: settings } = usePublicSettings();
  const { status } = useSession();
  const maintenance = settings?.maintenance?.enabled && !isMaintenanceExempt(pathname) ? settings.maintenance : null;
  const profile = useProfile({ enabled: maintenance !== null });

  useEffect(
    () =>
      onMaintenance(() => {
        void queryClient.invalidateQueries(
          { queryKey: publicSettingsQueryOptions().queryKey },
          { cancelRefetch: false },
        );
      }),
    [queryClient],
  );

  const admin = status === 'signed-in' && roleOf(profile.data) === 'admin';
  const deciding = status === 'loading' || (status === 'signed-in' && profile.isPending);
  if (maintenance && !admin && !deciding) {
    return <MaintenanceNotice message={maintenance.message} signedOut={status === 'signed-out'} />;
  }
  // One shape whether or not the banner shows, so the page is never mounted afresh for it.
  return (
    <>
      {maintenance && admin ? <MaintenanceBanner /> : null}
      {children}
    </>
  );
}
