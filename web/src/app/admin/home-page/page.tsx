import type { Metadata } from 'next';
import { AdminHomeContentPage } from '@/features/admin/components/home-content-page';

export const metadata: Metadata = { title: 'Home page' };

export default function AdminHomeContentRoute() {
  return <AdminHomeContentPage />;
}
