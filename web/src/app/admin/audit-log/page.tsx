import type { Metadata } from 'next';
import { AdminAuditLogPage } from '@/features/admin/components/audit-log-page';

export const metadata: Metadata = { title: 'Audit log' };

export default function AdminAuditLogRoute() {
  return <AdminAuditLogPage />;
}
