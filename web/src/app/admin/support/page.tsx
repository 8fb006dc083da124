import type { Metadata } from 'next';
import { AdminSupportPage } from '@/features/chat/components/admin-support-page';

export const metadata: Metadata = { title: 'Support' };

export default function AdminSupportRoute() {
  return <AdminSupportPage />;
}
