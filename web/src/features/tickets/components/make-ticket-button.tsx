'use client';

import { useRouter } from 'next/navigation';
import { Loader2, Ticket } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { useMakeChatTicket } from '@/features/tickets/api/tickets';
import { adminTicketHref } from '@/features/tickets/lib/ticket-words';

/**
 * "Make ticket" for a support chat in the admins' inbox: makes a ticket of the chat (or finds its
 * unsolved one) and opens it.
 */
export function MakeTicketButton({ conversationId }: { conversationId: string }) {
  const router = useRouter();
  const make = useMakeChatTicket();

  function onClick() {
    make.mutate(conversationId, {
      onSuccess: ({ detail, created }) => {
        const reference = detail.ticket.reference;
        toast.success(created ? `Ticket ${reference} created` : `This chat is already ticket ${reference}`);
        router.push(adminTicketHref(detail.ticket.id));
      },
      onError: (error) =>
        toast.error('The ticket was not made', { description: errorMessage(error, 'Please try again.') }),
    });
  }

  return (
    <Button variant="secondary" className="h-9" disabled={make.isPending} onClick={onClick} data-testid="make-ticket">
      {make.isPending ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Ticket aria-hidden="true" className="size-4" />
      )}
      Make ticket
    </Button>
  );
}
