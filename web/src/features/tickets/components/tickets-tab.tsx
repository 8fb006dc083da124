'use client';

import Link from 'next/link';
import { LifeBuoy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/use-session';
import { formatDate } from '@/lib/selling/statuses';
import { useMyTickets } from '@/features/tickets/api/tickets';
import { TicketStatusBadge } from '@/features/tickets/components/ticket-badges';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** /profile/?tab=tickets: the customer's support tickets, newest first, with where each stands. */
export function TicketsTab() {
  const { user } = useSession();
  if (!user) return null;
  return <TicketList userId={user.id} />;
}

function TicketList({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch, isFetching } = useMyTickets(userId);

  if (isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your support tickets
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <MessagePanel title="Your support tickets could not be loaded">
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  if (data.tickets.length === 0) {
    return (
      <MessagePanel title="No support tickets">
        <LifeBuoy aria-hidden="true" className="size-10 text-neutral-400" />
        <p className="text-sm text-neutral-600">Questions about an order or anything else? We are happy to help.</p>
        <Link href="/contact/" className={LINK}>
          Contact us
        </Link>
      </MessagePanel>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" aria-label="Your support tickets">
        {data.tickets.map((ticket) => (
          <li key={ticket.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid="ticket-row">
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="truncate font-medium text-neutral-900">{ticket.subject}</span>
              <span className="text-sm text-neutral-600">
                {ticket.reference} · Updated <time dateTime={ticket.updated_at}>{formatDate(ticket.updated_at)}</time>
              </span>
            </div>
            <TicketStatusBadge status={ticket.status} audience="customer" />
          </li>
        ))}
      </ul>
      <p className="text-sm text-neutral-600">
        We answer by email. Something else?{' '}
        <Link href="/contact/" className={LINK}>
          Send us a message
        </Link>
      </p>
    </div>
  );
}
