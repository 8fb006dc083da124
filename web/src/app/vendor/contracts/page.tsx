import type { Metadata } from 'next';
import { ContractsPage } from '@/features/vendor/components/contracts-page';

export const metadata: Metadata = { title: 'Contracts' };

export default function VendorContractsRoute() {
  return <ContractsPage />;
}
