'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Coins } from 'lucide-react';
import { usePoints } from '@/features/points/api/points';
import { useSession } from '@/lib/auth/use-session';

// The dialog (tabs, history, redeem form) loads only when first opened.
const PointsDialog = dynamic(
  () => import('@/features/points/components/points-dialog').then((m) => m.PointsDialog),
  { ssr: false },
);

export function pointsButtonLabel(balance: number | undefined): string {
  return balance === undefined ? 'Points' : `Points: ${balance.toLocaleString('en-ZA')}`;
}

/** The header's points balance (signed in only); it opens Points Management (SPEC §2). */
export function PointsButton() {
  const { user } = useSession();
  const { data } = usePoints();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!user) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={pointsButtonLabel(data?.current_balance)}
        data-testid="points-button"
        className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold text-neutral-700 tabular-nums hover:bg-neutral-100 hover:text-brand-700"
      >
        <Coins aria-hidden="true" className="size-5 text-amber-600" />
        <span aria-hidden="true">{data ? data.current_balance.toLocaleString('en-ZA') : '–'}</span>
      </button>
      {loaded ? <PointsDialog open={open} onOpenChange={setOpen} userId={user.id} /> : null}
    </>
  );
}
