import type { Metadata } from 'next';
import { AdminUsersPage } from '@/features/admin/components/users-page';

export const metadata: Metadata = { title: 'Users' };

export default function AdminUsersRoute() {
  return <AdminUsersPage />;
}
