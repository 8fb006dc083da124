import { Heart, LayoutDashboard, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import type { Role } from '@/lib/auth/types';

/**
 * The avatar menu's links (SPEC §2 "Avatar menu"), in its order: Profile & Settings, Vendor
 * Dashboard (vendor), Admin Panel (admin), Wishlist; Sign Out follows them. One entry each, with
 * `roles` for the role-only ones.
 */
export interface AccountMenuLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to these roles; every signed-in user when absent. */
  roles?: readonly Role[];
}

export const ACCOUNT_MENU_LINKS: readonly AccountMenuLink[] = [
  { href: '/profile/', label: 'Profile & Settings', icon: UserRound },
  { href: '/vendor/', label: 'Vendor Dashboard', icon: LayoutDashboard, roles: ['vendor'] },
  { href: '/admin/', label: 'Admin Panel', icon: ShieldCheck, roles: ['admin'] },
  { href: '/wishlist/', label: 'Wishlist', icon: Heart },
];

export function accountMenuLinks(role: Role): AccountMenuLink[] {
  return ACCOUNT_MENU_LINKS.filter((link) => !link.roles || link.roles.includes(role));
}
