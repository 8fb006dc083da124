import { useSyncExternalStore } from 'react';
import type { ChatOrder, ChatProduct, ConversationKind } from '@/features/chat/api/chat-types';

/**
 * Whether the messages panel is open and what it shows, shared by the floating button, the
 * bottom bar and every "Ask the seller" button (which open it on a store's conversation). Kept
 * apart from the panel so opening it costs no more than this file until the panel is needed.
 */

/** A conversation to open: an existing one by id, or the one with a store or with support. */
export type ChatTarget =
  | { type: 'list' }
  | { type: 'conversation'; id: string }
  | {
      type: 'with';
      kind: ConversationKind;
      /** The store's slug and name (vendor conversations). */
      vendor?: { slug: string; name: string; logo_url?: string | null };
      /** What the customer asks about; sent with their next message. */
      product?: ChatProduct;
      order?: ChatOrder;
    };

export interface ChatLauncherState {
  open: boolean;
  target: ChatTarget;
  /** Changes on every request, so asking for the same target twice opens it again. */
  request: number;
}

let state: ChatLauncherState = { open: false, target: { type: 'list' }, request: 0 };
const listeners = new Set<() => void>();

function set(next: ChatLauncherState) {
  state = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function openChat(target: ChatTarget = { type: 'list' }) {
  set({ open: true, target, request: state.request + 1 });
}

export function closeChat() {
  if (state.open) set({ ...state, open: false });
}

export function getChatLauncher(): ChatLauncherState {
  return state;
}

const CLOSED: ChatLauncherState = { open: false, target: { type: 'list' }, request: 0 };

export function useChatLauncher(): ChatLauncherState {
  return useSyncExternalStore(subscribe, getChatLauncher, () => CLOSED);
}

/** For tests: back to closed. */
export function resetChatLauncher() {
  set(CLOSED);
}
