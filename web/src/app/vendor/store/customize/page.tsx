import type { Metadata } from 'next';
import { StoreCustomizePage } from '@/features/vendor/components/store-customize-page';

export const metadata: Metadata = { title: 'Customise store' };

export default function VendorStoreCustomizeRoute() {
  return <StoreCustomizePage />;
}
