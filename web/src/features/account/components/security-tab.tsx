'use client';

import { useState } from 'react';
import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { AuthError } from '@/lib/auth/auth-api';
import { verifiedTotpFactors, type AuthFactor } from '@/lib/auth/types';
import { useAuthUser, useUnenrollFactor } from '@/features/account/api/factors';
import { SectionCard, SectionCardSkeleton } from '@/features/account/components/section-card';
import { TotpEnrolment } from '@/features/account/components/totp-enrolment';

const DESCRIPTION =
  'Protect your account with a second step at sign-in: a 6-digit code from an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.';

export function SecurityTab() {
  const { data: user, isPending, isError, refetch, isFetching } = useAuthUser();

  if (isPending) return <SectionCardSkeleton rows={2} />;
  if (isError) {
    return (
      <MessagePanel title="Your security settings could not be loaded">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  const factor = verifiedTotpFactors(user)[0];
  return (
    <SectionCard title="Two-factor authentication" description={DESCRIPTION}>
      {factor ? <VerifiedFactor factor={factor} /> : <TotpEnrolment user={user} />}
    </SectionCard>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function VerifiedFactor({ factor }: { factor: AuthFactor }) {
  const unenroll = useUnenrollFactor();
  const [confirming, setConfirming] = useState(false);

  function remove() {
    // mutateAsync: this row unmounts once the factor is gone, and the toast must still show.
    unenroll
      .mutateAsync(factor.id)
      .then(() => toast.success('Two-factor authentication turned off'))
      .catch((error: unknown) => {
        const message = error instanceof AuthError && error.status > 0 ? error.message : 'An unexpected error occurred';
        toast.error('Error', { description: message });
        setConfirming(false);
      });
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        className="flex flex-wrap items-center gap-3 rounded-lg border border-neutral-200 px-4 py-3"
        data-testid="totp-factor"
      >
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-neutral-900">{factor.friendly_name || 'Authenticator app'}</p>
          <p className="text-sm text-neutral-600">Added {dateFormat.format(new Date(factor.created_at))}</p>
        </div>
        <span
          className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800"
          data-testid="totp-factor-status"
        >
          Verified
        </span>
      </div>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="remove-2fa-title" className="rounded-lg border border-sale/40 bg-sale/5 p-4">
          <p id="remove-2fa-title" className="font-medium text-neutral-900">
            Turn off two-factor authentication?
          </p>
          <p className="mt-1 text-sm text-neutral-600">Signing in will then only need your password.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" onClick={remove} disabled={unenroll.isPending}>
              {unenroll.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Turn off
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={unenroll.isPending}>
              Keep it on
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <ShieldOff aria-hidden="true" className="size-4" />
            Remove authenticator
          </Button>
        </div>
      )}
    </div>
  );
}
