import type { Metadata } from 'next';
import { ApplyPage } from '@/features/vendor/components/apply-page';

export const metadata: Metadata = { title: 'Apply to sell' };

export default function VendorApplyRoute() {
  return <ApplyPage />;
}
