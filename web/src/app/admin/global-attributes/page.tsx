import type { Metadata } from 'next';
import { AdminAttributesPage } from '@/features/admin/components/attributes-page';

export const metadata: Metadata = { title: 'Global attributes' };

export default function AdminGlobalAttributesRoute() {
  return <AdminAttributesPage />;
}
