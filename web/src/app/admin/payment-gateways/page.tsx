import type { Metadata } from 'next';
import { AdminPaymentGatewaysPage } from '@/features/admin/components/payment-gateways-page';

export const metadata: Metadata = { title: 'Payment gateways' };

export default function AdminPaymentGatewaysRoute() {
  return <AdminPaymentGatewaysPage />;
}
