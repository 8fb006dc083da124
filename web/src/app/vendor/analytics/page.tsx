import type { Metadata } from 'next';
import { VendorAnalyticsPage } from '@/features/vendor-analytics/components/vendor-analytics-page';

export const metadata: Metadata = { title: 'Analytics' };

export default function VendorAnalyticsRoute() {
  return <VendorAnalyticsPage />;
}
