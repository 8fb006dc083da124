import type { Metadata } from 'next';
import { AdminSeoSettingsPage } from '@/features/admin/components/seo-settings-page';

export const metadata: Metadata = { title: 'SEO settings' };

export default function AdminSeoSettingsRoute() {
  return <AdminSeoSettingsPage />;
}
