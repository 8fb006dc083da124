'use client';

import Link from 'next/link';
import { Panel } from '@/components/area/area-states';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { useVendorMoney } from '@/features/money/api/vendor-money';
import { VENDOR_MONEY_PATH } from '@/features/money/lib/money-params';

/** The vendor dashboard's glance at their balance (the money page's own query), linking to /vendor/money/. */
export function MoneyCard() {
  const { data, isPending, isError } = useVendorMoney();
  return (
    <Panel
      title="Money"
      actions={
        <Link
          href={VENDOR_MONEY_PATH}
          className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          See your money
        </Link>
      }
    >
      {isPending ? (
        <div className="grid grid-cols-2 gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your balance
          </span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : isError ? (
        <p className="text-sm text-neutral-600">Your balance could not be loaded just now.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3" data-testid="money-card">
          <div>
            <dt className="text-sm text-neutral-600">Pending</dt>
            <dd className="mt-1 text-2xl font-semibold text-neutral-900 tabular-nums">
              {formatMoney(data.pending_cents, { code: data.currency })}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-neutral-600">Available</dt>
            <dd className="mt-1 text-2xl font-semibold text-neutral-900 tabular-nums">
              {formatMoney(data.available_cents, { code: data.currency })}
            </dd>
          </div>
        </dl>
      )}
    </Panel>
  );
}
