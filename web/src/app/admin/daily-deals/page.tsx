import type { Metadata } from 'next';
import { AdminDailyDealsPage } from '@/features/admin/components/daily-deals-page';

export const metadata: Metadata = { title: 'Daily deals' };

export default function AdminDailyDealsRoute() {
  return <AdminDailyDealsPage />;
}
