import type { Metadata } from 'next';
import { VendorMessagesPage } from '@/features/chat/components/vendor-messages-page';

export const metadata: Metadata = { title: 'Messages' };

export default function VendorMessagesRoute() {
  return <VendorMessagesPage />;
}
