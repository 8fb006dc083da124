import type { ComponentType } from 'react';
import { LifeBuoy, Package, Settings, ShieldCheck, type LucideIcon } from 'lucide-react';
import { SecurityTab } from '@/features/account/components/security-tab';
import { SettingsTab } from '@/features/account/components/settings-tab';
import { OrdersTab } from '@/features/orders/components/orders-tab';
import { TicketsTab } from '@/features/tickets/components/tickets-tab';

/**
 * The tabs of /profile, addressed as /profile/?tab={id}. A new tab (orders, SPEC §2
 * "/profile?tab=orders") is one more entry here.
 */
export interface ProfileTab {
  id: string;
  label: string;
  icon: LucideIcon;
  Panel: ComponentType;
}

export const PROFILE_TABS: readonly ProfileTab[] = [
  { id: 'settings', label: 'Settings', icon: Settings, Panel: SettingsTab },
  { id: 'security', label: 'Security', icon: ShieldCheck, Panel: SecurityTab },
  { id: 'orders', label: 'Orders', icon: Package, Panel: OrdersTab },
  { id: 'tickets', label: 'Support tickets', icon: LifeBuoy, Panel: TicketsTab },
];

/** The tab the URL names; the first one for a missing or unknown name. */
export function tabFromParam(param: string | null | undefined, tabs: readonly ProfileTab[] = PROFILE_TABS): ProfileTab {
  return tabs.find((tab) => tab.id === param) ?? tabs[0]!;
}

export function profileTabHref(id: string): string {
  return `/profile/?tab=${encodeURIComponent(id)}`;
}
