'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import Link from 'next/link';
import { Package, ReceiptText } from 'lucide-react';
import { OBSERVER, type ChatOrder, type ChatProduct, type MessageView } from '@/features/chat/api/chat-types';
import { MessageText } from '@/features/chat/components/message-text';
import { chatTime } from '@/features/chat/lib/chat-time';
import { cn } from '@/lib/cn';
import { productPath } from '@/lib/paths';

/** "pending_payment" → "Pending payment". */
export function statusText(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A product the message (or conversation) is about: its picture and name, linking to its page. */
export function ProductCard({ product, className }: { product: ChatProduct; className?: string }) {
  return (
    <Link
      href={productPath(product.slug)}
      className={cn(
        'flex items-center gap-2 rounded-md border border-neutral-200 bg-white p-2 text-left text-neutral-800 hover:border-brand-600',
        className,
      )}
      data-testid="chat-product-card"
    >
      {product.image_url ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={product.image_url} alt="" className="size-10 shrink-0 rounded object-cover" />
      ) : (
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded bg-neutral-100">
          <Package aria-hidden="true" className="size-5 text-neutral-500" />
        </span>
      )}
      <span className="min-w-0 text-sm font-medium">
        <span className="block text-xs font-normal text-neutral-500">Product</span>
        <span className="block truncate">{product.name}</span>
      </span>
    </Link>
  );
}

/** An order the message (or conversation) is about: its number and status. */
export function OrderCard({ order, className }: { order: ChatOrder; className?: string }) {
  return (
    <div
      className={cn('flex items-center gap-2 rounded-md border border-neutral-200 bg-white p-2 text-neutral-800', className)}
      data-testid="chat-order-card"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded bg-neutral-100">
        <ReceiptText aria-hidden="true" className="size-5 text-neutral-500" />
      </span>
      <span className="min-w-0 text-sm">
        <span className="block text-xs text-neutral-500">Order</span>
        <span className="block font-medium">
          {order.order_number} · <span data-testid="chat-order-status">{statusText(order.status)}</span>
        </span>
      </span>
    </div>
  );
}

/**
 * The messages of a conversation, oldest first: mine on the right, theirs on the left, each with
 * its time and the product or order it came with, "Read" under my last message the other side
 * has read, and "typing…" while they type. Keeps the newest message in view as messages arrive.
 */
export function MessageThread({
  messages,
  side,
  typing,
  otherName,
  before,
}: {
  messages: MessageView[];
  /** The caller's side in the conversation (`as`). */
  side: string;
  typing: boolean;
  otherName: string;
  /** Shown above the first message (the "Load earlier messages" button). */
  before?: ReactNode;
}) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    // Scrolls the conversation's own area, never the page around it (the inbox is a page).
    const area = end.current?.closest('[data-chat-scroll]');
    if (area) area.scrollTop = area.scrollHeight;
  }, [newest, typing]);

  const lastRead = side === OBSERVER ? -1 : messages.findLastIndex((m) => m.mine && m.read_at !== null);
  // An admin reading a store's conversation sees the store's side on the right.
  const onRight = (m: MessageView) => (side === OBSERVER ? m.sender !== 'customer' : m.mine);

  return (
    <div className="flex flex-col gap-3 px-4 py-4" data-testid="message-thread">
      {before}
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {messages.map((message, index) => {
          const right = onRight(message);
          return (
            <li
              key={message.id}
              className={cn('flex max-w-[85%] flex-col gap-1', right ? 'items-end self-end' : 'items-start self-start')}
              data-testid="message"
              data-mine={String(message.mine)}
            >
              {message.product ? <ProductCard product={message.product} className="w-64 max-w-full" /> : null}
              {message.order ? <OrderCard order={message.order} className="w-64 max-w-full" /> : null}
              <div
                className={cn(
                  'rounded-2xl px-3 py-2',
                  right ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-neutral-100 text-neutral-900',
                )}
              >
                {side === OBSERVER ? (
                  <span className="block text-xs font-semibold opacity-80">{senderLabel(message.sender)}</span>
                ) : null}
                <MessageText body={message.body} />
              </div>
              <span className="flex gap-2 text-xs text-neutral-500">
                <time dateTime={message.created_at}>{chatTime(message.created_at)}</time>
                {index === lastRead ? <span data-testid="read-receipt">Read</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite" className="min-h-5 text-xs text-neutral-500" data-testid="typing-indicator">
        {typing ? `${otherName} is typing…` : ''}
      </div>
      <div ref={end} />
    </div>
  );
}

function senderLabel(sender: MessageView['sender']): string {
  return sender === 'customer' ? 'Customer' : sender === 'vendor' ? 'Store' : 'Support';
}
