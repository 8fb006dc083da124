import type { Metadata } from 'next';
import { AdminGeneralSettingsPage } from '@/features/admin/components/general-settings-page';

export const metadata: Metadata = { title: 'General settings' };

export default function AdminGeneralSettingsRoute() {
  return <AdminGeneralSettingsPage />;
}
