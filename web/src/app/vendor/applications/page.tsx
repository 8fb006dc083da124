import type { Metadata } from 'next';
import { ApplicationsPage } from '@/features/vendor/components/applications-page';

export const metadata: Metadata = { title: 'Your applications' };

export default function VendorApplicationsRoute() {
  return <ApplicationsPage />;
}
