import type { Metadata } from 'next';
import { AdminCurrenciesSettingsPage } from '@/features/admin/components/currencies-settings-page';

export const metadata: Metadata = { title: 'Currencies settings' };

export default function AdminCurrenciesSettingsRoute() {
  return <AdminCurrenciesSettingsPage />;
}
