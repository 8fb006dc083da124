import { Heart, UserRound, type LucideIcon } from 'lucide-react';
import type { Role } from '@/lib/auth/types';

/**
 * The avatar menu's links (SPEC §2 "Avatar menu"), limited to routes that exist. Vendor Dashboard
 * (vendor), Admin Panel (admin) and Wishlist are added here with their pages: one entry each,
 * with `roles` for the role-only ones.
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
  { href: '/wishlist/', label: 'Wishlist', icon: Heart },
];

export function accountMenuLinks(role: Role): AccountMenuLink[] {
  return ACCOUNT_MENU_LINKS.filter((link) => !link.roles || link.roles.includes(role));
}
