import type { Metadata } from 'next';
import { AdminEmailTemplateEditorPage } from '@/features/admin/components/email-template-editor-page';

// One exported page for every email: it reads which from `?key=` after mount.
export const metadata: Metadata = { title: 'Edit email' };

export default function AdminEmailTemplateEditorRoute() {
  return <AdminEmailTemplateEditorPage />;
}
