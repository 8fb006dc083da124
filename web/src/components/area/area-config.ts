import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Role } from '@/lib/auth/types';

/**
 * What makes an area (/vendor, /admin): its name, its side navigation and who may see which page.
 * Each area keeps one AreaConfig (features/vendor/lib/vendor-area.ts, features/admin/lib/admin-area.ts);
 * a new page adds its entry to that list.
 */

export interface AreaNavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to these roles; to everyone who may enter the area when absent. */
  roles?: readonly Role[];
  /** The item is current on this path only, not on the paths under it (an area's index). */
  exact?: boolean;
  /** A count shown after the label (unread messages); renders nothing when there is none. */
  badge?: ComponentType;
}

export interface AreaConfig {
  /** Shown in the area's header, e.g. "Vendor Dashboard". */
  name: string;
  /** The side navigation's accessible name. */
  navLabel: string;
  items: readonly AreaNavItem[];
  /** The exact role a page needs (SPEC §6), or undefined when any signed-in user may see it. */
  requiredRole: (pathname: string) => Role | undefined;
  /** The screen a signed-in user with another role sees. */
  denied: { title: string; message: string; action?: { href: string; label: string } };
}

/** `/vendor/apply` and `/vendor/apply/` are the same page. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Whether `item` is the page shown at `pathname` (its section, unless `exact`). */
export function isCurrentItem(item: AreaNavItem, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  const href = withoutTrailingSlash(item.href);
  return item.exact ? path === href : path === href || path.startsWith(`${href}/`);
}

/** The items a user with `role` sees. */
export function visibleItems(items: readonly AreaNavItem[], role: Role): AreaNavItem[] {
  return items.filter((item) => !item.roles || item.roles.includes(role));
}
