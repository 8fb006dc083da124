import type { Metadata } from 'next';
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page';

export const metadata: Metadata = { title: 'Payment received', robots: { index: false } };

export default function PaymentSuccessRoute() {
  return <PaymentSuccessPage />;
}
