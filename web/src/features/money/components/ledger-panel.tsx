'use client';

import { CircleAlert, CircleCheck } from 'lucide-react';
import { ErrorState, ListSkeleton, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { formatMoney } from '@/lib/money';
import type { LedgerAccounts } from '@/features/money/api/money-types';
import { useLedger } from '@/features/money/api/admin-money';
import { accountLabel } from '@/features/money/lib/money-words';

/** The books: every account with its sum, and the check that they add up to zero. */
export function LedgerPanel() {
  const { data, isPending, isError, error, refetch, isFetching } = useLedger();
  return (
    <Panel
      title="The books"
      description="Every account with its sum. Positive: held or spent by the platform; negative: owed to vendors and buyers, or earned."
    >
      {isPending ? (
        <ListSkeleton rows={3} label="Loading the books" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <Ledger ledger={data} updating={isFetching} />
      )}
    </Panel>
  );
}

function Ledger({ ledger, updating }: { ledger: LedgerAccounts; updating: boolean }) {
  const balanced = ledger.total_cents === 0;
  return (
    <div className="flex flex-col gap-4">
      {balanced ? (
        <p className="flex items-center gap-2 text-sm font-medium text-green-700 dark:text-green-400" data-testid="books-check">
          <CircleCheck aria-hidden="true" className="size-5" />
          The books balance
        </p>
      ) : (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-sale" data-testid="books-check">
          <CircleAlert aria-hidden="true" className="size-5" />
          The books do not balance: they are out by {formatMoney(ledger.total_cents)}
        </p>
      )}
      {ledger.accounts.length === 0 ? (
        <p className="text-sm text-neutral-600">Nothing has been posted yet.</p>
      ) : (
        <ScrollTable label="Accounts of the books" className="-mx-5 sm:-mx-6">
          <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
            <caption className="sr-only">Accounts of the books</caption>
            <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 sm:px-6">
                  Account
                </th>
                <th scope="col" className="px-5 py-2 text-right sm:px-6">
                  Sum
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {ledger.accounts.map((account) => (
                <tr key={account.account} data-testid="ledger-account">
                  <td className="px-5 py-2.5 sm:px-6">
                    {accountLabel(account.account)}
                    <span className="ml-2 font-mono text-xs text-neutral-500">{account.account}</span>
                  </td>
                  <td className="px-5 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-6" data-testid="ledger-sum">
                    {formatMoney(account.sum_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-neutral-200 font-semibold">
              <tr>
                <th scope="row" className="px-5 py-2.5 text-left sm:px-6">
                  Total
                </th>
                <td className="px-5 py-2.5 text-right tabular-nums sm:px-6" data-testid="ledger-total">
                  {formatMoney(ledger.total_cents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      )}
    </div>
  );
}
