/** SPEC §5 "Chat message": trimmed, 1 to 2000 characters; the input is capped at 2000. */
export const MESSAGE_MAX_CHARS = 2000;
export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = 'Message must be less than 2000 characters';

/** The message as sent (trimmed), or the first rule it breaks. */
export function checkMessage(text: string): { ok: true; message: string } | { ok: false; error: string } {
  const message = text.trim();
  if (message.length === 0) return { ok: false, error: MESSAGE_EMPTY };
  if (message.length > MESSAGE_MAX_CHARS) return { ok: false, error: MESSAGE_TOO_LONG };
  return { ok: true, message };
}

/** SPEC §8: the chat's toasts. */
export const CHAT_TOASTS = {
  errorTitle: 'Error',
  validationTitle: 'Validation Error',
  loadConversations: 'Failed to load conversations',
  loadMessages: 'Failed to load messages',
  openConversation: 'Failed to open conversation',
  sendMessage: 'Failed to send message',
  sent: 'Message sent successfully',
} as const;
