import type { Metadata } from 'next';
import { AdminSettingsIndexPage } from '@/features/admin/components/settings-index-page';

export const metadata: Metadata = { title: 'Settings' };

export default function AdminSettingsRoute() {
  return <AdminSettingsIndexPage />;
}
