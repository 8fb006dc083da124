import type { Metadata } from 'next';
import { DashboardPage } from '@/features/vendor/components/dashboard-page';

export const metadata: Metadata = { title: 'Vendor Dashboard' };

export default function VendorDashboardRoute() {
  return <DashboardPage />;
}
