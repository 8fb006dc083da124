import type { Metadata } from 'next';
import { AdminHelpPage } from '@/features/help/components/admin-help-page';

export const metadata: Metadata = { title: 'Help centre' };

export default function AdminHelpRoute() {
  return <AdminHelpPage />;
}
