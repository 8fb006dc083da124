'use client';

import { ChatInbox } from '@/features/chat/components/chat-inbox';

/** /vendor/messages/: the store's conversations with customers. */
export function VendorMessagesPage() {
  return <ChatInbox scope="vendor" />;
}
