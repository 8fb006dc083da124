import type { Metadata } from 'next';
import { DailyDealsPage } from '@/features/catalogue/components/daily-deals-page';

export const metadata: Metadata = { title: 'Daily Deals' };

export default function DailyDealsRoute() {
  return <DailyDealsPage />;
}
