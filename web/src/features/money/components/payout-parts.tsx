'use client';

import { useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import type { Payout } from '@/features/money/api/money-types';
import { payoutStatus } from '@/features/money/lib/money-words';

/** Small pieces the vendor's and the admin's payout tables share. */

export function PayoutStatusBadge({ status }: { status: string }) {
  const { label, tone } = payoutStatus(status);
  return <StatusBadge label={label} tone={tone} />;
}

/** The account a payout went to: its holder and the last four digits ("****6789"). */
export function PayoutAccount({ payout }: { payout: Pick<Payout, 'account_holder' | 'account_number_last4'> }) {
  return (
    <>
      <span className="block">{payout.account_holder}</span>
      <span className="block text-xs text-neutral-600 tabular-nums" data-testid="payout-account">
        <span aria-hidden="true">****</span>
        <span className="sr-only">account ending in </span>
        {payout.account_number_last4}
      </span>
    </>
  );
}

/**
 * A button that saves a file the API gives only to a signed-in caller (a statement, a bank file):
 * a spinner while it downloads, a toast when it cannot.
 */
export function DownloadButton({
  label,
  download,
  failure,
  className,
  accessibleName,
}: {
  label: string;
  download: () => Promise<void>;
  /** The toast's text when the file could not be made. */
  failure: string;
  className?: string;
  /** The button's name when its label alone is ambiguous (one per row: "Export CSV of …"). */
  accessibleName?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    download()
      .catch((error: unknown) => toast.error('Not downloaded', { description: errorMessage(error, failure) }))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="secondary" className={className ?? 'h-10'} onClick={run} disabled={busy} aria-label={accessibleName}>
      {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
