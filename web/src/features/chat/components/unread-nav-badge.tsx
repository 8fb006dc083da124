'use client';

import { countLabel, DESKTOP_BADGE_CAP } from '@/components/ui/count-badge';
import { useChatUnread } from '@/features/chat/api/chat-unread';

function NavCount({ count }: { count: number | null | undefined }) {
  const label = countLabel(count ?? 0, DESKTOP_BADGE_CAP);
  if (label === null) return null;
  return (
    <>
      <span className="sr-only">, {label} unread</span>
      <span
        aria-hidden="true"
        className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-sale px-1.5 text-xs font-semibold text-white tabular-nums"
        data-testid="nav-unread"
      >
        {label}
      </span>
    </>
  );
}

/** The vendor area's Messages item: the store's unread messages. */
export function VendorUnreadBadge() {
  const { data } = useChatUnread();
  return <NavCount count={data?.vendor} />;
}

/** The admin area's Support item: unread support messages. */
export function SupportUnreadBadge() {
  const { data } = useChatUnread();
  return <NavCount count={data?.support} />;
}
