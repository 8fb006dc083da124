import type { Metadata } from 'next';
import { DailyDealsPage } from '@/features/deals/components/daily-deals-page';

export const metadata: Metadata = { title: 'Daily deals' };

export default function VendorDailyDealsRoute() {
  return <DailyDealsPage />;
}
