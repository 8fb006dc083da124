import type { Metadata } from 'next';
import { AdminPointsCodesPage } from '@/features/admin/components/points-codes-page';

export const metadata: Metadata = { title: 'Points codes' };

export default function AdminPointsCodesRoute() {
  return <AdminPointsCodesPage />;
}
