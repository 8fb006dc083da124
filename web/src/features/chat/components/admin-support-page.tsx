'use client';

import { ChatInbox } from '@/features/chat/components/chat-inbox';
import { MakeTicketButton } from '@/features/tickets/components/make-ticket-button';

/**
 * /admin/support/: support conversations, and store conversations that were reported. A support
 * conversation can become a ticket.
 */
export function AdminSupportPage() {
  return (
    <ChatInbox
      scope="admin"
      actions={(conversation) =>
        conversation.kind === 'support' ? <MakeTicketButton conversationId={conversation.id} /> : null
      }
    />
  );
}
