import type { Metadata } from 'next';
import { AdminImportPage } from '@/features/admin/components/import-page';

export const metadata: Metadata = { title: 'Import products' };

export default function AdminImportRoute() {
  return <AdminImportPage />;
}
