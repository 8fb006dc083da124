import type { Metadata } from 'next';
import { AdminAdvancedSettingsPage } from '@/features/admin/components/advanced-settings-page';

export const metadata: Metadata = { title: 'Advanced settings' };

export default function AdminAdvancedSettingsRoute() {
  return <AdminAdvancedSettingsPage />;
}
