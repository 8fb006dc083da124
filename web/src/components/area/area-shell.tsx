'use client';

import { useEffect, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { AccountMenu } from '@/components/layout/account-menu';
import { SiteLogo } from '@/components/layout/site-logo';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { isCurrentItem, visibleItems, type AreaConfig, type AreaNavItem } from '@/components/area/area-config';
import { AreaGuard } from '@/components/area/area-guard';
import { Skeleton } from '@/components/ui/skeleton';
import { roleOf, useProfile } from '@/lib/account/profile';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/cn';

/**
 * The frame of the vendor and admin areas, in the storefront's design: a compact header (the
 * site's logo linking to /, the area's name, the theme switch and the avatar menu with Sign Out),
 * the area's navigation at the side from the md breakpoint up and in a drawer behind a menu
 * button below it, and the page, behind the area's role check (AreaGuard).
 *
 * The storefront's own top bar, footer and phone bottom bar hide themselves on these paths
 * (isHeaderHidden, isBottomBarHidden); globals.css lets this frame fill the window.
 */
export function AreaShell({ area, children }: { area: AreaConfig; children: ReactNode }) {
  const pathname = usePathname() ?? '/';
  const items = useNavItems(area);

  return (
    <div data-area-shell="" className="flex min-h-screen flex-col">
      {/* data-site-header: toasts are placed under it (components/ui/toaster.tsx). */}
      <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur" data-site-header="">
        <div className="flex h-14 items-center gap-2 px-3 sm:gap-3 sm:px-6">
          <MobileNav area={area} items={items} pathname={pathname} />
          <SiteLogo />
          <span aria-hidden="true" className="h-6 w-px bg-neutral-200" />
          <span className="truncate text-sm font-semibold text-neutral-700 sm:text-base" data-testid="area-name">
            {area.name}
          </span>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeMenu />
            <AccountMenu />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r border-neutral-200 bg-white md:block">
          <nav aria-label={area.navLabel} className="sticky top-14 p-3">
            <NavList items={items} pathname={pathname} />
          </nav>
        </aside>
        <div className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
          <div className="mx-auto w-full max-w-5xl">
            <AreaGuard area={area} pathname={pathname}>
              {children}
            </AreaGuard>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The area's items for the signed-in user's role; null while the role is not known yet. */
function useNavItems(area: AreaConfig): AreaNavItem[] | null {
  const { status } = useSession();
  const profile = useProfile();
  if (status !== 'signed-in') return null;
  if (profile.isError) return visibleItems(area.items, 'customer');
  if (!profile.data) return null;
  return visibleItems(area.items, roleOf(profile.data));
}

function NavList({
  items,
  pathname,
  onNavigate,
}: {
  items: AreaNavItem[] | null;
  pathname: string;
  onNavigate?: () => void;
}) {
  if (items === null) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const current = isCurrentItem(item, pathname);
        const Icon = item.icon;
        const Badge = item.badge;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                current
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {item.label}
              {Badge ? <Badge /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Below the md breakpoint: a menu button opening the navigation as a drawer from the left. */
function MobileNav({ area, items, pathname }: { area: AreaConfig; items: AreaNavItem[] | null; pathname: string }) {
  const [open, setOpen] = useState(false);
  // A page change (also the back button) closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 md:hidden"
        aria-label={`Open ${area.navLabel.toLowerCase()} menu`}
        data-testid="area-menu-trigger"
      >
        <Menu aria-hidden="true" className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col bg-white text-neutral-800 shadow-xl"
          data-testid="area-menu"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-neutral-900">{area.name}</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label={area.navLabel} className="flex-1 overflow-y-auto p-3">
            <NavList items={items} pathname={pathname} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
