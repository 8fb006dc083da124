import type { Metadata } from 'next';
import { AdminCountriesSettingsPage } from '@/features/admin/components/countries-settings-page';

export const metadata: Metadata = { title: 'Countries settings' };

export default function AdminCountriesSettingsRoute() {
  return <AdminCountriesSettingsPage />;
}
