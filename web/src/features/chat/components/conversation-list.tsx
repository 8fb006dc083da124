'use client';

import { Avatar } from '@/components/ui/avatar';
import { countLabel, MOBILE_BADGE_CAP } from '@/components/ui/count-badge';
import type { ConversationView } from '@/features/chat/api/chat-types';
import { chatTime } from '@/features/chat/lib/chat-time';
import { cn } from '@/lib/cn';

/**
 * Conversations as a list of buttons: avatar, title, the last message, its time and the unread
 * count. Shared by the messages panel and the vendor's and admin's inboxes.
 */
export function ConversationList({
  conversations,
  selectedId = null,
  onSelect,
  label = 'Conversations',
}: {
  conversations: ConversationView[];
  selectedId?: string | null;
  onSelect: (conversation: ConversationView) => void;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-neutral-200" data-testid="conversation-list">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow
            conversation={conversation}
            selected={conversation.id === selectedId}
            onSelect={() => onSelect(conversation)}
          />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({
  conversation,
  selected,
  onSelect,
}: {
  conversation: ConversationView;
  selected: boolean;
  onSelect: () => void;
}) {
  const unread = countLabel(conversation.unread_count, MOBILE_BADGE_CAP);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex w-full items-start gap-3 px-4 py-3 text-left',
        selected ? 'bg-brand-50' : 'hover:bg-neutral-50',
      )}
      data-testid="conversation-row"
      data-unread={unread ? 'true' : 'false'}
    >
      <Avatar name={conversation.title} imageUrl={conversation.avatar_url} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm text-neutral-900', unread ? 'font-semibold' : 'font-medium')}>
            {conversation.title}
          </span>
          {conversation.last_message_at ? (
            <time dateTime={conversation.last_message_at} className="shrink-0 text-xs text-neutral-500">
              {chatTime(conversation.last_message_at)}
            </time>
          ) : null}
        </span>
        <span className="truncate text-xs text-neutral-500">{conversation.subtitle}</span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'text-neutral-900' : 'text-neutral-600')}>
            {conversation.last_message ?? ''}
          </span>
          {unread ? (
            <span
              className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-sale px-1.5 text-xs font-semibold text-white tabular-nums"
              data-testid="conversation-unread"
            >
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
        {conversation.reported ? (
          <span className="text-xs font-medium text-sale" data-testid="conversation-reported">
            Reported
          </span>
        ) : null}
      </span>
    </button>
  );
}
