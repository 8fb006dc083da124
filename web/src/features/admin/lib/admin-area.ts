import {
  Banknote,
  Boxes,
  ClipboardList,
  FileSignature,
  FolderTree,
  Images,
  LayoutDashboard,
  MessageSquareText,
  Package,
  ReceiptText,
  ScrollText,
  Settings,
  SlidersHorizontal,
  Store,
  Users,
} from 'lucide-react';
import type { AreaConfig } from '@/components/area/area-config';

/** The admin area: its side navigation (one entry per page; add new pages here); all of it needs the admin role. */
export const ADMIN_AREA: AreaConfig = {
  name: 'Admin Panel',
  navLabel: 'Admin',
  items: [
    { href: '/admin/', label: 'Dashboard', icon: LayoutDashboard, roles: ['admin'], exact: true },
    { href: '/admin/orders/', label: 'Orders', icon: ReceiptText, roles: ['admin'] },
    { href: '/admin/products/', label: 'Products', icon: Package, roles: ['admin'] },
    { href: '/admin/stock-management/', label: 'Stock', icon: Boxes, roles: ['admin'] },
    { href: '/admin/media/', label: 'Media', icon: Images, roles: ['admin'] },
    { href: '/admin/categories/', label: 'Categories', icon: FolderTree, roles: ['admin'] },
    { href: '/admin/global-attributes/', label: 'Attributes', icon: SlidersHorizontal, roles: ['admin'] },
    { href: '/admin/reviews/', label: 'Reviews', icon: MessageSquareText, roles: ['admin'] },
    { href: '/admin/users/', label: 'Users', icon: Users, roles: ['admin'] },
    { href: '/admin/applications/', label: 'Applications', icon: ClipboardList, roles: ['admin'] },
    { href: '/admin/vendors/', label: 'Vendors', icon: Store, roles: ['admin'] },
    { href: '/admin/agreements/', label: 'Agreements', icon: FileSignature, roles: ['admin'] },
    { href: '/admin/payouts/', label: 'Payouts', icon: Banknote, roles: ['admin'] },
    { href: '/admin/audit-log/', label: 'Audit log', icon: ScrollText, roles: ['admin'] },
    { href: '/admin/settings/', label: 'Settings', icon: Settings, roles: ['admin'] },
  ],
  requiredRole: () => 'admin',
  denied: {
    title: 'Admins only',
    message: 'This part of the site is for the people who run it.',
  },
};
