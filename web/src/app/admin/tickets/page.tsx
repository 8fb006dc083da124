import type { Metadata } from 'next';
import { AdminTicketsPage } from '@/features/tickets/components/admin-tickets-page';

export const metadata: Metadata = { title: 'Tickets' };

export default function AdminTicketsRoute() {
  return <AdminTicketsPage />;
}
