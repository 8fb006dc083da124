'use client';

import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Loader2, SendHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { CHAT_TOASTS, checkMessage, MESSAGE_MAX_CHARS } from '@/features/chat/lib/message-rules';

/**
 * The message box (SPEC §5): capped at 2000 characters, Enter sends and Shift+Enter starts a new
 * line, the text is trimmed and checked before sending (a broken rule is toasted as "Validation
 * Error"), and Send is disabled while the box is empty or a message is on its way. `onSend`
 * resolves true when the message was sent, which empties the box.
 */
export function MessageComposer({
  onSend,
  sending,
  onTyping,
  placeholder = 'Type a message…',
}: {
  onSend: (message: string) => Promise<boolean>;
  sending: boolean;
  /** Called as the visitor types (the caller limits how often it tells the server). */
  onTyping?: () => void;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    if (sending) return;
    const checked = checkMessage(text);
    if (!checked.ok) {
      toast.error(CHAT_TOASTS.validationTitle, { description: checked.error });
      return;
    }
    if (await onSend(checked.message)) {
      setText('');
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (an IME's candidate list) picks the candidate instead.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-neutral-200 p-3" data-testid="message-composer">
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      {/* The site's Textarea look, one line high to start with, growing with the text up to 8rem. */}
      <textarea
        id={id}
        ref={box}
        value={text}
        maxLength={MESSAGE_MAX_CHARS}
        rows={1}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping?.();
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'block max-h-32 min-h-11 w-full resize-none rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 field-sizing-content sm:text-sm',
          'placeholder:text-neutral-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0',
        )}
      />
      <button
        type="submit"
        aria-label="Send message"
        disabled={sending || text.trim().length === 0}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {sending ? (
          <Loader2 aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <SendHorizontal aria-hidden="true" className="size-5" />
        )}
      </button>
    </form>
  );
}
