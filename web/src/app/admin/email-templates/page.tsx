import type { Metadata } from 'next';
import { AdminEmailTemplatesPage } from '@/features/admin/components/email-templates-page';

export const metadata: Metadata = { title: 'Email templates' };

export default function AdminEmailTemplatesRoute() {
  return <AdminEmailTemplatesPage />;
}
