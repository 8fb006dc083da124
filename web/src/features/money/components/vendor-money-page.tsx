'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useMounted } from '@/lib/use-mounted';
import type { Payout, VendorMoney } from '@/features/money/api/money-types';
import { useVendorMoney } from '@/features/money/api/vendor-money';
import { MoneyEntriesPanel } from '@/features/money/components/money-entries';
import { PayoutAccount, PayoutStatusBadge } from '@/features/money/components/payout-parts';
import { moneyParamsFrom, type MoneyParams } from '@/features/money/lib/money-params';
import { formatSaDate } from '@/features/money/lib/month';
import { daysText } from '@/features/money/lib/money-words';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /vendor/money/?month=YYYY-MM&page=N: what the vendor is owed (pending until the returns window
 * has passed, then available for the next payout run), their latest payouts, and the month's
 * postings with its CSV statement.
 */
export function VendorMoneyPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your money" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your money" />;
  return <MoneyView params={moneyParamsFrom(search)} />;
}

function MoneyView({ params }: { params: MoneyParams }) {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorMoney();
  const header = (
    <PageHeader title="Money" description="What you are owed, your payouts, and every posting to your balance, month by month." />
  );
  if (isPending) return <PageSkeleton label="Loading your money" />;
  if (isError) {
    return (
      <>
        {header}
        {error instanceof ApiError && error.isNotFound ? (
          <EmptyState title="No store yet">
            <p className="text-neutral-600">Your balance and payouts show here once your store is open.</p>
            <Link href="/vendor/applications/" className={LINK}>
              See your applications
            </Link>
          </EmptyState>
        ) : (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <Balances money={data} />
        <PayoutsPanel money={data} />
        <MoneyEntriesPanel params={params} currency={{ code: data.currency }} />
      </div>
    </>
  );
}

function Balances({ money }: { money: VendorMoney }) {
  const currency = { code: money.currency };
  return (
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading" className="sr-only">
        Your balance
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <BalanceCard
          label="Pending"
          amount={formatMoney(money.pending_cents, currency)}
          note="Sold and not yet payable: sales wait out the time to return them."
          testId="pending-card"
        />
        <BalanceCard
          label="Available"
          amount={formatMoney(money.available_cents, currency)}
          note={`Paid out in the next run once at least ${formatMoney(money.minimum_payout_cents, currency)}; sales become available ${daysText(money.hold_days)} after delivery.`}
          testId="available-card"
        />
      </dl>
    </section>
  );
}

function BalanceCard({ label, amount, note, testId }: { label: string; amount: string; note: string; testId: string }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white px-5 py-4" data-testid={testId}>
      <dt className="text-sm font-medium text-neutral-600">{label}</dt>
      <dd>
        <span className="mt-1 block text-3xl font-semibold text-neutral-900 tabular-nums" data-testid="balance-amount">
          {amount}
        </span>
        <span className="mt-2 block text-sm text-neutral-600">{note}</span>
      </dd>
    </div>
  );
}

function PayoutsPanel({ money }: { money: VendorMoney }) {
  return (
    <Panel title="Recent payouts" description="Your latest payouts, newest first, to the bank account on file.">
      {money.payouts.length === 0 ? (
        <p className="text-sm text-neutral-600" data-testid="no-payouts">
          No payouts yet. Once your available balance reaches {formatMoney(money.minimum_payout_cents, { code: money.currency })}, the
          next payout run pays it out.
        </p>
      ) : (
        <VendorPayoutsTable payouts={money.payouts} currency={money.currency} />
      )}
    </Panel>
  );
}

function VendorPayoutsTable({ payouts, currency }: { payouts: Payout[]; currency: string }) {
  return (
    <ScrollTable label="Recent payouts" className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-xl text-left text-sm">
        <caption className="sr-only">Recent payouts</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 sm:px-6">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Reference
            </th>
            <th scope="col" className="px-3 py-2">
              Account
            </th>
            <th scope="col" className="px-5 py-2 text-right sm:px-6">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <td className="px-5 py-3 whitespace-nowrap sm:px-6">
                <time dateTime={payout.created_at}>{formatSaDate(payout.created_at)}</time>
              </td>
              <td className="px-3 py-3">
                <PayoutStatusBadge status={payout.status} />
                {payout.status === 'failed' && payout.failure_reason ? (
                  <span className="mt-1 block text-xs text-sale">{payout.failure_reason}</span>
                ) : payout.settled_at ? (
                  <span className="mt-1 block text-xs text-neutral-600">
                    <time dateTime={payout.settled_at}>{formatSaDate(payout.settled_at)}</time>
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3 font-mono text-xs whitespace-nowrap">{payout.reference}</td>
              <td className="px-3 py-3">
                <PayoutAccount payout={payout} />
              </td>
              <td className="px-5 py-3 text-right font-medium whitespace-nowrap tabular-nums sm:px-6" data-testid="payout-amount">
                {formatMoney(payout.amount_cents, { code: currency })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
