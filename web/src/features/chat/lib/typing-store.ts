import { useSyncExternalStore } from 'react';

/**
 * Who is typing where: a `chat_typing` event marks a conversation for TYPING_SHOWN_MS (the other
 * side repeats it at most every 3 s while typing); a message from them clears it.
 */
export const TYPING_SHOWN_MS = 4000;

const typingUntil = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

export function markTyping(conversationId: string, now = Date.now()) {
  typingUntil.set(conversationId, now + TYPING_SHOWN_MS);
  clearTimeout(timers.get(conversationId));
  timers.set(
    conversationId,
    setTimeout(() => clearTyping(conversationId), TYPING_SHOWN_MS),
  );
  notify();
}

export function clearTyping(conversationId: string) {
  clearTimeout(timers.get(conversationId));
  timers.delete(conversationId);
  if (typingUntil.delete(conversationId)) notify();
}

function isTyping(conversationId: string): boolean {
  return (typingUntil.get(conversationId) ?? 0) > Date.now();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the other side of `conversationId` is typing now. */
export function useIsTyping(conversationId: string | null): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (conversationId ? isTyping(conversationId) : false),
    () => false,
  );
}
