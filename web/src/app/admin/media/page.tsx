import type { Metadata } from 'next';
import { AdminMediaPage } from '@/features/admin/components/media-page';

export const metadata: Metadata = { title: 'Media' };

export default function AdminMediaRoute() {
  return <AdminMediaPage />;
}
