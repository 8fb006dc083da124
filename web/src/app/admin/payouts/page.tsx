import type { Metadata } from 'next';
import { AdminPayoutsPage } from '@/features/money/components/admin-payouts-page';

export const metadata: Metadata = { title: 'Payouts' };

export default function AdminPayoutsRoute() {
  return <AdminPayoutsPage />;
}
