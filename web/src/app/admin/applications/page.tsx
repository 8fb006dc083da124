import type { Metadata } from 'next';
import { AdminApplicationsPage } from '@/features/admin/components/applications-page';

export const metadata: Metadata = { title: 'Vendor applications' };

export default function AdminApplicationsRoute() {
  return <AdminApplicationsPage />;
}
