import type { Metadata } from 'next';
import { AdminDashboardPage } from '@/features/admin/components/dashboard-page';

export const metadata: Metadata = { title: 'Admin Panel' };

export default function AdminDashboardRoute() {
  return <AdminDashboardPage />;
}
