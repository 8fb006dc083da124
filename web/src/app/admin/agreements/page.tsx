import type { Metadata } from 'next';
import { AdminAgreementsPage } from '@/features/admin/components/agreements-page';

export const metadata: Metadata = { title: 'Vendor agreements' };

export default function AdminAgreementsRoute() {
  return <AdminAgreementsPage />;
}
