import type { Metadata } from 'next';
import { AdminEmailSettingsPage } from '@/features/admin/components/email-settings-page';

export const metadata: Metadata = { title: 'Email settings' };

export default function AdminEmailSettingsRoute() {
  return <AdminEmailSettingsPage />;
}
