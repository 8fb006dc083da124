import type { Metadata } from 'next';
import { AdminBrandingSettingsPage } from '@/features/admin/components/branding-settings-page';

export const metadata: Metadata = { title: 'Branding settings' };

export default function AdminBrandingSettingsRoute() {
  return <AdminBrandingSettingsPage />;
}
