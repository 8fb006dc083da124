'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, Flag, Loader2, MoreVertical, ShieldCheck, X } from 'lucide-react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { threadMessages } from '@/features/chat/api/chat-cache';
import {
  OBSERVER,
  type ChatOrder,
  type ChatProduct,
  type ConversationKind,
  type ConversationView,
} from '@/features/chat/api/chat-types';
import {
  sendTyping,
  TYPING_INTERVAL_MS,
  useBlockConversation,
  useMarkRead,
  useReportConversation,
  useResolveReport,
  useSendMessage,
  useStartConversation,
  useThread,
} from '@/features/chat/api/conversations';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageThread, OrderCard, ProductCard } from '@/features/chat/components/message-thread';
import { ReportDialog } from '@/features/chat/components/report-dialog';
import { CHAT_TOASTS } from '@/features/chat/lib/message-rules';
import { useIsTyping } from '@/features/chat/lib/typing-store';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** What a message is about, sent with the next message ("Ask the seller" on a product or order). */
export interface MessageContext {
  product?: ChatProduct;
  order?: ChatOrder;
}

/** A conversation not started yet: the first message starts it (POST /conversations). */
export interface ConversationDraft {
  kind: ConversationKind;
  vendor?: { slug: string; name: string; logo_url?: string | null };
}

interface Common {
  /** Back to the list (the panel, and the inbox on a narrow screen). */
  onBack?: () => void;
  /** The back button only below the md breakpoint (the inbox shows its list beside it there). */
  backOnNarrowOnly?: boolean;
  context?: MessageContext;
  headingLevel?: 'h2' | 'h3';
}

/** The toast for a message that was not sent (SPEC §8). */
export function toastSendError(error: unknown) {
  if (error instanceof ApiError) {
    // The message's own rule first, else another field's (the store, the product, the order).
    const fields = error.fields ?? {};
    const field = [fields.message, ...Object.values(fields)].find((value) => typeof value === 'string');
    if (error.status === 400 && typeof field === 'string') {
      toast.error(CHAT_TOASTS.validationTitle, { description: field });
      return;
    }
    if (error.status === 429 || error.code === 'blocked') {
      toast.error(CHAT_TOASTS.sendMessage, { description: error.message });
      return;
    }
  }
  toast.error(CHAT_TOASTS.errorTitle, { description: CHAT_TOASTS.sendMessage });
}

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.isClientError ? error.message : fallback;
}

/**
 * One conversation: its header (who, what it is about, the menu with Block and Report), its
 * messages and the message box, or why no message can be sent. Used by the messages panel and
 * by the vendor's and admin's inboxes.
 */
export function ConversationPane({
  conversationId,
  canResolve = false,
  ...common
}: Common & { conversationId: string; canResolve?: boolean }) {
  const thread = useThread(conversationId);
  const [context, setContext] = useState<MessageContext | undefined>(common.context);
  const send = useSendMessage(conversationId);
  const markRead = useMarkRead(conversationId);
  const typing = useIsTyping(conversationId);
  const lastTyping = useRef(0);
  const markedFor = useRef<string | null>(null);
  const [visible, setVisible] = useState(true);

  const failed = thread.isError && !thread.data;
  useEffect(() => {
    if (failed) toast.error(CHAT_TOASTS.errorTitle, { description: CHAT_TOASTS.loadMessages });
  }, [failed]);

  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);

  const conversation = thread.data?.pages[0]?.conversation;
  const messages = thread.data ? threadMessages(thread.data) : [];
  // The newest message of theirs not read yet: opening the conversation (or one arriving while it
  // is open and the tab is in view) reads it.
  const unreadId = messages.findLast((m) => !m.mine && m.read_at === null)?.id ?? null;
  const side = conversation?.as;
  const mutateRead = markRead.mutate;
  useEffect(() => {
    if (!conversation || side === OBSERVER || !visible) return;
    const key = unreadId ?? (conversation.unread_count > 0 ? `count:${conversation.id}` : null);
    if (!key || markedFor.current === key) return;
    markedFor.current = key;
    mutateRead();
  }, [conversation, side, unreadId, visible, mutateRead]);

  if (!conversation) {
    return (
      <Frame header={<HeaderSkeleton onBack={common.onBack} backOnNarrowOnly={common.backOnNarrowOnly} />}>
        {failed ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" role="alert">
            <p className="text-sm text-neutral-600">{CHAT_TOASTS.loadMessages}</p>
            <Button variant="secondary" onClick={() => void thread.refetch()} disabled={thread.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <ThreadSkeleton />
        )}
      </Frame>
    );
  }

  const onSend = async (message: string) => {
    try {
      await send.mutateAsync({ message, product_id: context?.product?.id, order_id: context?.order?.id });
      setContext(undefined);
      return true;
    } catch (error) {
      toastSendError(error);
      return false;
    }
  };

  const onTyping = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_INTERVAL_MS) return;
    lastTyping.current = now;
    void sendTyping(conversationId);
  };

  return (
    <Frame
      header={
        <Header
          title={conversation.title}
          subtitle={conversation.subtitle}
          avatarUrl={conversation.avatar_url}
          onBack={common.onBack}
          backOnNarrowOnly={common.backOnNarrowOnly}
          headingLevel={common.headingLevel}
          menu={<ConversationMenu conversation={conversation} />}
        />
      }
      about={<About product={conversation.product} order={conversation.order} label="Started about" />}
      notice={conversation.reported ? <ReportedNotice conversation={conversation} canResolve={canResolve} /> : null}
      footer={
        conversation.can_send ? (
          <>
            <PendingContext context={context} onRemove={() => setContext(undefined)} />
            <MessageComposer onSend={onSend} sending={send.isPending} onTyping={onTyping} />
          </>
        ) : (
          <p className="border-t border-neutral-200 px-4 py-3 text-sm text-neutral-600" data-testid="cannot-send">
            {conversation.cannot_send_reason ?? 'You cannot send messages in this conversation.'}
          </p>
        )
      }
    >
      {messages.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-neutral-600">Start a conversation</p>
      ) : (
        <MessageThread
          messages={messages}
          side={conversation.as}
          typing={typing}
          otherName={conversation.title}
          before={
            thread.hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                onClick={() => void thread.fetchNextPage()}
                disabled={thread.isFetchingNextPage}
              >
                Load earlier messages
              </Button>
            ) : null
          }
        />
      )}
    </Frame>
  );
}

/**
 * A conversation that does not exist yet (SPEC §4: "Start a conversation" until the first message
 * is sent). Sending starts it, or adds to the one the customer already has with that store.
 */
export function DraftConversationPane({
  draft,
  onStarted,
  ...common
}: Common & { draft: ConversationDraft; onStarted: (conversation: ConversationView) => void }) {
  const start = useStartConversation();
  const [context, setContext] = useState<MessageContext | undefined>(common.context);
  const title = draft.kind === 'support' ? 'Support' : (draft.vendor?.name ?? 'Store');
  const subtitle = draft.kind === 'support' ? 'Customer support' : 'Vendor';

  const onSend = async (message: string) => {
    try {
      const { conversation } = await start.mutateAsync({
        kind: draft.kind,
        vendor: draft.kind === 'vendor' ? draft.vendor?.slug : undefined,
        product_id: context?.product?.id,
        order_id: context?.order?.id,
        message,
      });
      toast.success(CHAT_TOASTS.sent);
      setContext(undefined);
      onStarted(conversation);
      return true;
    } catch (error) {
      toastSendError(error);
      return false;
    }
  };

  return (
    <Frame
      header={
        <Header
          title={title}
          subtitle={subtitle}
          avatarUrl={draft.vendor?.logo_url ?? null}
          onBack={common.onBack}
          backOnNarrowOnly={common.backOnNarrowOnly}
          headingLevel={common.headingLevel}
        />
      }
      footer={
        <>
          <PendingContext context={context} onRemove={() => setContext(undefined)} />
          <MessageComposer onSend={onSend} sending={start.isPending} />
        </>
      }
    >
      <p className="px-4 py-10 text-center text-sm text-neutral-600" data-testid="start-conversation">
        Start a conversation
      </p>
    </Frame>
  );
}

function Frame({
  header,
  about,
  notice,
  footer,
  children,
}: {
  header: ReactNode;
  about?: ReactNode;
  notice?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="conversation-view">
      {header}
      {about}
      {notice}
      <div className="min-h-0 flex-1 overflow-y-auto" data-chat-scroll="">
        {children}
      </div>
      {footer}
    </div>
  );
}

function Header({
  title,
  subtitle,
  avatarUrl,
  onBack,
  backOnNarrowOnly = false,
  menu,
  headingLevel = 'h2',
}: {
  title: string;
  subtitle: string;
  avatarUrl: string | null;
  onBack?: () => void;
  backOnNarrowOnly?: boolean;
  menu?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <div className="flex items-center gap-2 border-b border-neutral-200 px-2 py-2">
      <Back onBack={onBack} narrowOnly={backOnNarrowOnly} />
      <Avatar name={title} imageUrl={avatarUrl} />
      <div className="min-w-0 flex-1">
        <Heading className="truncate text-sm font-semibold text-neutral-900" data-testid="conversation-title">
          {title}
        </Heading>
        <p className="truncate text-xs text-neutral-500" data-testid="conversation-subtitle">
          {subtitle}
        </p>
      </div>
      {menu}
    </div>
  );
}

function Back({ onBack, narrowOnly }: { onBack?: () => void; narrowOnly: boolean }) {
  if (!onBack) return <span className="w-2" />;
  return (
    <>
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to conversations"
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100',
          narrowOnly && 'md:hidden',
        )}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </button>
      {narrowOnly ? <span className="hidden w-2 md:block" /> : null}
    </>
  );
}

function HeaderSkeleton({ onBack, backOnNarrowOnly = false }: { onBack?: () => void; backOnNarrowOnly?: boolean }) {
  return (
    <div className="flex items-center gap-2 border-b border-neutral-200 px-2 py-2">
      <Back onBack={onBack} narrowOnly={backOnNarrowOnly} />
      <Skeleton className="size-9 rounded-full" />
      <div className="flex flex-1 flex-col gap-1">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-20" />
      </div>
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="flex flex-col gap-3 px-4 py-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading messages
      </span>
      <Skeleton className="h-10 w-2/3 self-start rounded-2xl" />
      <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
      <Skeleton className="h-10 w-3/5 self-start rounded-2xl" />
    </div>
  );
}

/** What the conversation was started about: shown to both sides (the order's number and status). */
function About({ product, order, label }: { product: ChatProduct | null; order: ChatOrder | null; label: string }) {
  if (!product && !order) return null;
  return (
    <div className="flex flex-col gap-1.5 border-b border-neutral-200 bg-neutral-50 px-4 py-2" data-testid="conversation-about">
      <p className="text-xs font-medium text-neutral-500">{label}</p>
      <div className="flex flex-wrap gap-2">
        {product ? <ProductCard product={product} className="min-w-0 flex-1" /> : null}
        {order ? <OrderCard order={order} className="min-w-0 flex-1" /> : null}
      </div>
    </div>
  );
}

/** The product or order the next message goes with; the visitor may drop it. */
function PendingContext({ context, onRemove }: { context?: MessageContext; onRemove: () => void }) {
  if (!context?.product && !context?.order) return null;
  const what = context.product ? context.product.name : `Order ${context.order?.order_number ?? ''}`;
  return (
    <div className="flex items-center gap-2 border-t border-neutral-200 bg-neutral-50 px-4 py-2 text-sm" data-testid="pending-context">
      <span className="min-w-0 flex-1 truncate text-neutral-700">
        About: <span className="font-medium">{what}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Do not send about ${what}`}
        className="inline-flex size-7 items-center justify-center rounded text-neutral-600 hover:bg-neutral-200"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function ReportedNotice({ conversation, canResolve }: { conversation: ConversationView; canResolve: boolean }) {
  const resolve = useResolveReport(conversation.id);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="reported-notice">
      <Flag aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        Reported{conversation.report_reason ? <>: <span data-testid="report-reason">{conversation.report_reason}</span></> : null}
      </p>
      {canResolve ? (
        <Button
          variant="secondary"
          className="h-8 px-3"
          disabled={resolve.isPending}
          onClick={() =>
            resolve.mutate(undefined, {
              onSuccess: () => toast.success('Report resolved'),
              onError: (error) => toast.error(CHAT_TOASTS.errorTitle, { description: failure(error, 'Failed to resolve the report') }),
            })
          }
        >
          {resolve.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <ShieldCheck aria-hidden="true" className="size-4" />}
          Resolve report
        </Button>
      ) : null}
    </div>
  );
}

/** Block or unblock (store conversations) and report, for the conversation's two sides. */
function ConversationMenu({ conversation }: { conversation: ConversationView }) {
  const block = useBlockConversation(conversation.id);
  const report = useReportConversation(conversation.id);
  const [reporting, setReporting] = useState(false);
  const [reportError, setReportError] = useState<string | null>(null);

  if (conversation.as === OBSERVER) return null;
  const canBlock = conversation.kind === 'vendor' && (!conversation.blocked || conversation.blocked_by_me);
  const canReport = !conversation.reported;
  if (!canBlock && !canReport) return null;

  const toggleBlock = () => {
    const blocking = !conversation.blocked_by_me;
    block.mutate(blocking, {
      onSuccess: () => toast.success(blocking ? 'Conversation blocked' : 'Conversation unblocked'),
      onError: (error) =>
        toast.error(CHAT_TOASTS.errorTitle, {
          description: failure(error, blocking ? 'Failed to block the conversation' : 'Failed to unblock the conversation'),
        }),
    });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label="Conversation options"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 data-[state=open]:bg-neutral-100"
          data-testid="conversation-menu"
        >
          <MoreVertical aria-hidden="true" className="size-5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="z-[60]">
          {canBlock ? (
            <DropdownMenuItem onSelect={toggleBlock} disabled={block.isPending}>
              {conversation.blocked_by_me ? 'Unblock' : 'Block'}
            </DropdownMenuItem>
          ) : null}
          {canReport ? (
            <DropdownMenuItem
              onSelect={() => {
                setReportError(null);
                setReporting(true);
              }}
            >
              Report
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        pending={report.isPending}
        error={reportError}
        onReport={(reason) =>
          report.mutate(reason, {
            onSuccess: () => {
              setReporting(false);
              toast.success('Conversation reported');
            },
            onError: (error) => {
              const field = error instanceof ApiError ? error.fields?.reason : undefined;
              setReportError(typeof field === 'string' ? field : failure(error, 'Failed to report the conversation'));
            },
          })
        }
      />
    </>
  );
}
