'use client';

import { type ReactNode, Suspense } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { MessageCircle } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { StatusTabs } from '@/components/area/list-controls';
import { Pagination } from '@/components/ui/pagination';
import type { InboxScope } from '@/features/chat/api/chat-keys';
import type { ConversationView } from '@/features/chat/api/chat-types';
import { ADMIN_INBOX_FILTERS, INBOX_PAGE_SIZE, useInbox, VENDOR_INBOX_FILTERS } from '@/features/chat/api/conversations';
import { ConversationList } from '@/features/chat/components/conversation-list';
import { ConversationPane } from '@/features/chat/components/conversation-view';
import { cn } from '@/lib/cn';
import { pageFromParam } from '@/lib/page-param';
import { useMounted } from '@/lib/use-mounted';

interface InboxSetup {
  path: string;
  title: string;
  description: string;
  filters: readonly { value: string; label: string }[];
  empty: Record<string, string>;
}

const SETUPS: Record<InboxScope, InboxSetup> = {
  vendor: {
    path: '/vendor/messages/',
    title: 'Messages',
    description: 'Questions from customers about your products and their orders.',
    filters: VENDOR_INBOX_FILTERS,
    empty: {
      all: 'When a customer asks your store something, the conversation shows here.',
      unread: 'You have read every message.',
    },
  },
  admin: {
    path: '/admin/support/',
    title: 'Support',
    description: 'Customers’ support conversations, and store conversations someone reported.',
    filters: ADMIN_INBOX_FILTERS,
    empty: {
      support: 'When a customer writes to support, the conversation shows here.',
      reported: 'No conversation is waiting for a decision.',
      unread: 'Every support message has been read.',
    },
  },
};

interface InboxParams {
  filter: string;
  page: number;
  conversation: string | null;
}

function inboxHref(setup: InboxSetup, { filter, page, conversation }: InboxParams): string {
  const params = new URLSearchParams();
  if (filter !== setup.filters[0]?.value) params.set('filter', filter);
  if (page > 1) params.set('page', String(page));
  if (conversation) params.set('c', conversation);
  const query = params.toString();
  return query ? `${setup.path}?${query}` : setup.path;
}

/**
 * An inbox of conversations beside the open one (two panes; one at a time on a narrow screen):
 * the vendor's store conversations at /vendor/messages/, the admin's support and reported ones
 * at /admin/support/. The filter, page and open conversation (`c`) live in the URL.
 */
export function ChatInbox({ scope, actions }: { scope: InboxScope; actions?: InboxActions }) {
  return (
    <Suspense fallback={<PageSkeleton label="Loading conversations" />}>
      <FromLocation scope={scope} actions={actions} />
    </Suspense>
  );
}

/** What the page adds above the open conversation (the admin's "Make ticket"), if anything. */
export type InboxActions = (conversation: ConversationView) => ReactNode;

function FromLocation({ scope, actions }: { scope: InboxScope; actions?: InboxActions }) {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading conversations" />;
  const setup = SETUPS[scope];
  const filterParam = searchParams?.get('filter');
  const filter = setup.filters.some((f) => f.value === filterParam) ? (filterParam as string) : (setup.filters[0]?.value ?? 'all');
  return (
    <Inbox
      scope={scope}
      setup={setup}
      actions={actions}
      params={{ filter, page: pageFromParam(searchParams?.get('page')), conversation: searchParams?.get('c') || null }}
    />
  );
}

function Inbox({
  scope,
  setup,
  params,
  actions,
}: {
  scope: InboxScope;
  setup: InboxSetup;
  params: InboxParams;
  actions?: InboxActions;
}) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useInbox(scope, params.filter, params.page);
  const open = (conversation: string | null) =>
    router.replace(inboxHref(setup, { ...params, conversation }), { scroll: false });
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.total / INBOX_PAGE_SIZE)) : 1;
  const selected = data?.items.find((c) => c.id === params.conversation);
  const extra = selected && actions ? actions(selected) : null;

  return (
    <>
      <PageHeader title={setup.title} description={setup.description} />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Show"
          options={setup.filters}
          current={params.filter}
          hrefFor={(filter) => inboxHref(setup, { filter, page: 1, conversation: params.conversation })}
        />
        <div className="grid gap-4 md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]">
          <section
            aria-label="Conversations"
            className={cn('flex flex-col gap-3', params.conversation && 'hidden md:flex')}
          >
            {isPending ? (
              <ListSkeleton label="Loading conversations" />
            ) : isError && !data ? (
              <ErrorState title="Conversations could not be loaded" error={error} onRetry={() => void refetch()} retrying={isFetching} />
            ) : data.items.length === 0 ? (
              <EmptyState title="No conversations yet">
                <p className="text-sm text-neutral-600">{setup.empty[params.filter]}</p>
              </EmptyState>
            ) : (
              <div className="overflow-hidden rounded-xl border border-neutral-200 bg-white">
                <ConversationList
                  conversations={data.items}
                  selectedId={params.conversation}
                  onSelect={(conversation) => open(conversation.id)}
                />
              </div>
            )}
            <Pagination
              page={params.page}
              pageCount={pageCount}
              hrefFor={(page) => inboxHref(setup, { ...params, page })}
              scroll={false}
            />
          </section>
          <div className={cn('flex min-w-0 flex-col gap-2', !params.conversation && 'hidden md:flex')}>
          {extra ? <div className="flex flex-wrap justify-end gap-2">{extra}</div> : null}
          <section
            aria-label="Conversation"
            className="h-[calc(100vh-12rem)] min-h-[28rem] overflow-hidden rounded-xl border border-neutral-200 bg-white md:h-[min(44rem,calc(100vh-14rem))]"
          >
            {params.conversation ? (
              <ConversationPane
                key={params.conversation}
                conversationId={params.conversation}
                canResolve={scope === 'admin'}
                onBack={() => open(null)}
                backOnNarrowOnly
              />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-neutral-600">
                <MessageCircle aria-hidden="true" className="size-10 text-neutral-300" />
                <p className="text-sm">Choose a conversation to read it.</p>
              </div>
            )}
          </section>
          </div>
        </div>
      </div>
    </>
  );
}
