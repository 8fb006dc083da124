import type { Metadata } from 'next';
import { PaymentCancelPage } from '@/features/payments/components/payment-cancel-page';

export const metadata: Metadata = { title: 'Payment cancelled', robots: { index: false } };

export default function PaymentCancelRoute() {
  return <PaymentCancelPage />;
}
