import type { Metadata } from 'next';
import { AdminPointsBatchPage } from '@/features/admin/components/points-batch-page';

// One exported page for every batch: it reads which from `?id=` after mount.
export const metadata: Metadata = { title: 'Points code batch' };

export default function AdminPointsBatchRoute() {
  return <AdminPointsBatchPage />;
}
