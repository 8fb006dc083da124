import type { Metadata } from 'next';
import { StoreProfilePage } from '@/features/vendor/components/store-profile-page';

export const metadata: Metadata = { title: 'Store' };

export default function VendorStoreRoute() {
  return <StoreProfilePage />;
}
