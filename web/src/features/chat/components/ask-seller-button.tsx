'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { MessageCircle } from 'lucide-react';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button';
import type { ChatOrder, ChatProduct } from '@/features/chat/api/chat-types';
import { openChat } from '@/features/chat/lib/chat-launcher';
import { signInPath } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/cn';

/**
 * "Ask the seller": opens the messages panel on the customer's conversation with a store (a new
 * one when there is none), with the product or order it is about attached to the next message.
 * For a signed-out visitor it is a link to sign in, which comes back here. House products have no
 * store, and no button.
 */
export function AskSellerButton({
  vendor,
  product,
  order,
  variant = 'secondary',
  className,
}: {
  vendor: { slug: string; name: string; logo_url?: string | null };
  product?: ChatProduct;
  order?: ChatOrder;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { status } = useSession();
  const pathname = usePathname();
  const classes = cn(buttonClasses(variant), className);
  const content = (
    <>
      <MessageCircle aria-hidden="true" className="size-4" />
      Ask the seller
    </>
  );
  if (status === 'signed-out') {
    return (
      <Link href={signInPath(pathname ?? '/')} className={classes} data-testid="ask-seller">
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      disabled={status === 'loading'}
      onClick={() => openChat({ type: 'with', kind: 'vendor', vendor, product, order })}
      data-testid="ask-seller"
    >
      {content}
    </button>
  );
}
