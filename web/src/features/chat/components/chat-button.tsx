'use client';

import { useCallback, useEffect, useRef } from 'react';
import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { MessageCircle } from 'lucide-react';
import { BAR_ITEM, BAR_LABEL } from '@/components/layout/account-menu';
import { CountBadge, MOBILE_BADGE_CAP } from '@/components/ui/count-badge';
import { useChatUnread } from '@/features/chat/api/chat-unread';
import { closeChat, openChat, useChatLauncher } from '@/features/chat/lib/chat-launcher';
import { signInPath } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/cn';

// The panel (lists, threads, menus, dates) is fetched when first opened, keeping it out of the
// first load of every page.
const loadPanel = () => import('@/features/chat/components/chat-panel').then((m) => m.ChatPanel);
const ChatPanel = dynamic(loadPanel, { ssr: false });

/** Paths without the chat: the vendor and admin areas (they have their inboxes) and sign-in. */
export function isChatHidden(pathname: string | null): boolean {
  return /^\/(admin|vendor|auth|login|signup)(\/|$)/.test(pathname ?? '');
}

function preload() {
  loadPanel().catch(() => undefined);
}

/** The signed-in customer's unread messages, and the words screen readers hear for them. */
function useUnread() {
  const { status } = useSession();
  const { data } = useChatUnread();
  const unread = status === 'signed-in' ? (data?.customer ?? 0) : 0;
  return { unread, unreadText: unread > 0 ? `, ${unread} unread` : '' };
}

/**
 * The floating chat button at the bottom right on wider screens (SPEC §2), with the customer's
 * unread count (9+), and the messages panel it opens. A signed-out visitor is sent to sign in.
 * Mounted once in the root layout; it also shows the panel when the bottom bar or an "Ask the
 * seller" button opens it.
 */
export function ChatButton() {
  const pathname = usePathname();
  const router = useRouter();
  const { status } = useSession();
  const launcher = useChatLauncher();
  const { unread, unreadText } = useUnread();
  const button = useRef<HTMLButtonElement>(null);

  // The unread-message email links to /?chat=<conversation id>: open it once signed in.
  useEffect(() => {
    if (status !== 'signed-in') return;
    const id = new URLSearchParams(window.location.search).get('chat');
    if (id) openChat({ type: 'conversation', id });
  }, [status]);

  const close = useCallback(() => {
    closeChat();
    button.current?.focus({ preventScroll: true });
  }, []);

  if (isChatHidden(pathname)) return null;
  const signedIn = status === 'signed-in';

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={`Messages${unreadText}`}
        aria-expanded={signedIn ? launcher.open : undefined}
        onPointerEnter={signedIn ? preload : undefined}
        onFocus={signedIn ? preload : undefined}
        onClick={() => {
          if (status === 'signed-out') router.push(signInPath(pathname ?? '/'));
          else if (signedIn) {
            if (launcher.open) close();
            else openChat();
          }
        }}
        className={cn(
          'fixed right-6 bottom-6 z-40 hidden size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 md:inline-flex',
        )}
        data-testid="chat-button"
      >
        <span className="relative inline-flex">
          <MessageCircle aria-hidden="true" className="size-6" />
          <CountBadge count={unread} cap={MOBILE_BADGE_CAP} className="ring-brand-700" />
        </span>
      </button>
      {signedIn && launcher.open ? <ChatPanel onClose={close} /> : null}
    </>
  );
}

/** The bottom bar's Messages item on phones (signed-in visitors), opening the same panel full screen. */
export function ChatBarButton() {
  const { status } = useSession();
  const { unread, unreadText } = useUnread();
  if (status !== 'signed-in') return null;
  return (
    <button
      type="button"
      onTouchStart={preload}
      onClick={() => openChat()}
      className={BAR_ITEM}
      data-testid="bottom-bar-messages"
    >
      <span className="relative inline-flex">
        <MessageCircle aria-hidden="true" className="size-6" />
        <CountBadge count={unread} cap={MOBILE_BADGE_CAP} />
      </span>
      <span className={BAR_LABEL}>
        Messages
        {unreadText ? <span className="sr-only">{unreadText}</span> : null}
      </span>
    </button>
  );
}
