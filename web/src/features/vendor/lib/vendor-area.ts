import {
  ChartColumn,
  Boxes,
  CalendarClock,
  ClipboardList,
  FileSignature,
  Images,
  LayoutDashboard,
  MessageCircle,
  Package,
  PackageCheck,
  Palette,
  Store,
  TicketPercent,
  Truck,
  Wallet,
} from 'lucide-react';
import { withoutTrailingSlash, type AreaConfig } from '@/components/area/area-config';
import { VendorUnreadBadge } from '@/features/chat/components/unread-nav-badge';

/** Pages of /vendor that any signed-in user may open: customers apply there (SPEC §2). */
const OPEN_TO_ALL = ['/vendor/apply', '/vendor/applications'];

/**
 * The vendor area: its side navigation (one entry per page; add new pages here) and who may see
 * what. Everything else under /vendor needs the vendor role.
 */
export const VENDOR_AREA: AreaConfig = {
  name: 'Vendor Dashboard',
  navLabel: 'Vendor',
  items: [
    { href: '/vendor/', label: 'Dashboard', icon: LayoutDashboard, roles: ['vendor'], exact: true },
    // Also current on a part's packing slip, /vendor/orders/slip/.
    { href: '/vendor/orders/', label: 'Orders', icon: PackageCheck, roles: ['vendor'] },
    { href: '/vendor/messages/', label: 'Messages', icon: MessageCircle, roles: ['vendor'], badge: VendorUnreadBadge },
    { href: '/vendor/money/', label: 'Money', icon: Wallet, roles: ['vendor'] },
    { href: '/vendor/analytics/', label: 'Analytics', icon: ChartColumn, roles: ['vendor'] },
    // Also current on /vendor/products/new/ and /vendor/products/{id}/edit/.
    { href: '/vendor/products/', label: 'Products', icon: Package, roles: ['vendor'] },
    { href: '/vendor/inventory/', label: 'Inventory', icon: Boxes, roles: ['vendor'] },
    { href: '/vendor/shipping/', label: 'Shipping', icon: Truck, roles: ['vendor'] },
    { href: '/vendor/coupons/', label: 'Coupons', icon: TicketPercent, roles: ['vendor'] },
    { href: '/vendor/daily-deals/', label: 'Daily deals', icon: CalendarClock, roles: ['vendor'] },
    // Exact: /vendor/store/customize/ is an item of its own.
    { href: '/vendor/store/', label: 'Store', icon: Store, roles: ['vendor'], exact: true },
    { href: '/vendor/store/customize/', label: 'Customise store', icon: Palette, roles: ['vendor'] },
    { href: '/vendor/media/', label: 'Media', icon: Images, roles: ['vendor'] },
    { href: '/vendor/apply/', label: 'Apply', icon: Store, roles: ['customer'] },
    { href: '/vendor/applications/', label: 'Applications', icon: ClipboardList },
    { href: '/vendor/contracts/', label: 'Contracts', icon: FileSignature, roles: ['vendor'] },
  ],
  requiredRole: (pathname) => {
    const path = withoutTrailingSlash(pathname);
    return OPEN_TO_ALL.some((open) => path === open || path.startsWith(`${open}/`)) ? undefined : 'vendor';
  },
  denied: {
    title: 'You need a vendor account',
    message: 'This part of the site is for vendors. Apply to sell, and once you are approved your dashboard opens here.',
    action: { href: '/vendor/apply/', label: 'Apply to sell' },
  },
};
