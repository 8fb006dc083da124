'use client';

import { Skeleton } from '@/components/ui/skeleton';
import { formatCommission } from '@/lib/selling/commission';
import { useCurrentAgreement } from '@/features/vendor/api/agreements';

/**
 * /seller-signup's terms in brief: the current agreement's commission and payout schedule, read
 * after the (static) page has loaded. If they cannot be read, the application form shows them.
 */
export function SellerSignupTerms() {
  const { data: agreement, isPending, isError } = useCurrentAgreement();
  if (isError) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2" aria-busy={isPending || undefined} data-testid="seller-terms">
      <div className="rounded-lg border border-neutral-200 bg-white px-4 py-3">
        <dt className="text-sm text-neutral-600">Commission</dt>
        <dd className="mt-1 font-semibold text-neutral-900">
          {isPending ? <Skeleton className="h-6 w-40" /> : `${formatCommission(agreement.commission_rate_bps)} of each sale`}
        </dd>
      </div>
      <div className="rounded-lg border border-neutral-200 bg-white px-4 py-3">
        <dt className="text-sm text-neutral-600">Payouts</dt>
        <dd className="mt-1 font-semibold text-neutral-900">
          {isPending ? <Skeleton className="h-6 w-48" /> : agreement.payout_schedule}
        </dd>
      </div>
    </dl>
  );
}
