import type { Metadata } from 'next';
import { PaymentNotifyPage } from '@/features/payments/components/payment-notify-page';

export const metadata: Metadata = { title: 'Payment status', robots: { index: false } };

export default function PaymentNotifyRoute() {
  return <PaymentNotifyPage />;
}
