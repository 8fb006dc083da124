'use client';

import { useEffect, useRef, useState } from 'react';
import { Headset, MessageCircle, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ConversationList as ConversationListData } from '@/features/chat/api/chat-types';
import { useConversations } from '@/features/chat/api/conversations';
import { ConversationList } from '@/features/chat/components/conversation-list';
import {
  ConversationPane,
  DraftConversationPane,
  type ConversationDraft,
  type MessageContext,
} from '@/features/chat/components/conversation-view';
import { useChatLauncher, type ChatTarget } from '@/features/chat/lib/chat-launcher';
import { CHAT_TOASTS } from '@/features/chat/lib/message-rules';

/** What the panel shows: the list, a conversation, or one not started yet. */
type PanelView =
  | { type: 'list' }
  | { type: 'conversation'; id: string; context?: MessageContext }
  | { type: 'draft'; draft: ConversationDraft; context?: MessageContext };

/**
 * The view a launcher target opens: the customer's existing conversation with that store (or
 * support) from their list, else a new one (SPEC §4). Null while the list is still loading.
 */
export function viewFor(target: ChatTarget, list: ConversationListData | undefined, listFailed: boolean): PanelView | null {
  if (target.type === 'list') return { type: 'list' };
  if (target.type === 'conversation') return { type: 'conversation', id: target.id };
  const context: MessageContext | undefined =
    target.product || target.order ? { product: target.product, order: target.order } : undefined;
  if (!list && !listFailed) return null;
  const existing = list?.conversations.find((c) =>
    target.kind === 'support' ? c.kind === 'support' : c.kind === 'vendor' && c.vendor?.slug === target.vendor?.slug,
  );
  if (existing) return { type: 'conversation', id: existing.id, context };
  return { type: 'draft', draft: { kind: target.kind, vendor: target.vendor }, context };
}

/**
 * The messages panel (SPEC §2, §4): 384 × 600 px at the bottom right on wider screens, the whole
 * screen on phones. The list of conversations, then one conversation; back returns to the list.
 * Loaded on first use (ChatButton), so none of it is in a page's first load.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const launcher = useChatLauncher();
  const list = useConversations();
  // Moves inside the panel, for the launcher request they were made under.
  const [moved, setMoved] = useState<{ request: number; view: PanelView } | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const resolved = viewFor(launcher.target, list.data, list.isError);
  const view = moved && moved.request === launcher.request ? moved.view : resolved;
  const go = (next: PanelView) => setMoved({ request: launcher.request, view: next });

  const listFailed = list.isError && !list.data;
  useEffect(() => {
    if (!listFailed) return;
    const opening = launcher.target.type === 'with';
    toast.error(CHAT_TOASTS.errorTitle, {
      description: opening ? CHAT_TOASTS.openConversation : CHAT_TOASTS.loadConversations,
    });
  }, [listFailed, launcher.target.type, launcher.request]);

  useEffect(() => {
    panel.current?.focus();
  }, [launcher.request]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape in the panel itself; menus and dialogs (in portals) close themselves first.
      if (event.key === 'Escape' && panel.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const chatWithSupport = () => {
    const support = list.data?.conversations.find((c) => c.kind === 'support');
    go(support ? { type: 'conversation', id: support.id } : { type: 'draft', draft: { kind: 'support' } });
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby="chat-panel-title"
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col bg-white text-neutral-800 outline-none md:inset-auto md:right-6 md:bottom-24 md:h-[min(600px,calc(100vh-8rem))] md:w-96 md:overflow-hidden md:rounded-xl md:border md:border-neutral-200 md:shadow-2xl"
      data-testid="chat-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-neutral-200 bg-brand-700 px-4 py-2 text-white">
        <h2 id="chat-panel-title" className="flex items-center gap-2 text-base font-semibold">
          <MessageCircle aria-hidden="true" className="size-5" />
          Messages
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close messages"
          className="inline-flex size-9 items-center justify-center rounded-md hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="min-h-0 flex-1">
        {view === null ? (
          <ListSkeleton />
        ) : view.type === 'conversation' ? (
          <ConversationPane
            key={`${launcher.request}:${view.id}`}
            conversationId={view.id}
            context={view.context}
            onBack={() => go({ type: 'list' })}
            headingLevel="h3"
          />
        ) : view.type === 'draft' ? (
          <DraftConversationPane
            key={`${launcher.request}:draft`}
            draft={view.draft}
            context={view.context}
            onBack={() => go({ type: 'list' })}
            onStarted={(conversation) => go({ type: 'conversation', id: conversation.id })}
            headingLevel="h3"
          />
        ) : (
          <ListView
            list={list}
            onSelect={(id) => go({ type: 'conversation', id })}
            onSupport={chatWithSupport}
          />
        )}
      </div>
    </div>
  );
}

function ListView({
  list,
  onSelect,
  onSupport,
}: {
  list: ReturnType<typeof useConversations>;
  onSelect: (id: string) => void;
  onSupport: () => void;
}) {
  const { data, isPending, isError, refetch, isFetching } = list;
  return (
    <div className="flex h-full flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <ListSkeleton />
        ) : isError && !data ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" role="alert">
            <p className="text-sm text-neutral-600">{CHAT_TOASTS.loadConversations}</p>
            <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : data.conversations.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center" data-testid="chat-empty">
            <MessageCircle aria-hidden="true" className="size-10 text-neutral-300" />
            <p className="text-base font-semibold text-neutral-900">No conversations yet</p>
            <p className="text-sm text-neutral-600">Start chatting with vendors or support</p>
          </div>
        ) : (
          <ConversationList conversations={data.conversations} onSelect={(c) => onSelect(c.id)} />
        )}
      </div>
      <div className="border-t border-neutral-200 p-3">
        <Button variant="secondary" className="w-full" onClick={onSupport}>
          <Headset aria-hidden="true" className="size-4" />
          Chat with support
        </Button>
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-4 py-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading conversations
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
