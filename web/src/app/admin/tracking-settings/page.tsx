import type { Metadata } from 'next';
import { AdminTrackingSettingsPage } from '@/features/admin/components/tracking-settings-page';

export const metadata: Metadata = { title: 'Tracking settings' };

export default function AdminTrackingSettingsRoute() {
  return <AdminTrackingSettingsPage />;
}
