'use client';

import { useId, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { CurrencyFormat } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import type { MoneyEntry } from '@/features/money/api/money-types';
import { downloadStatement, MONEY_ENTRIES_PER_PAGE, useMoneyEntries } from '@/features/money/api/vendor-money';
import { DownloadButton } from '@/features/money/components/payout-parts';
import { moneyHref, type MoneyParams } from '@/features/money/lib/money-params';
import { currentMonth, FIRST_MONTH, formatSaDate, monthChoices, monthLabel, shiftMonth } from '@/features/money/lib/month';
import { balanceLabel, entryKindLabel, formatSignedMoney } from '@/features/money/lib/money-words';

/** The month's postings to the vendor's balance, newest first, a page at a time, and its CSV and PDF statements. */
export function MoneyEntriesPanel({ params, currency }: { params: MoneyParams; currency: CurrencyFormat }) {
  const { data, isPending, isError, error, refetch, isFetching } = useMoneyEntries(params);
  const label = monthLabel(params.month);

  return (
    <Panel
      title="Statement"
      description="Every posting to your balance in the month (South African time), newest first."
      actions={
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            label="Download CSV statement"
            download={() => downloadStatement(params.month)}
            failure="The statement could not be made. Please try again."
          />
          <DownloadButton
            label="Download PDF statement"
            download={() => downloadStatement(params.month, 'pdf')}
            failure="The statement could not be made. Please try again."
          />
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <MonthPicker month={params.month} />
        {isPending ? (
          <ListSkeleton rows={3} label="Loading the postings" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          <EmptyState title={`Nothing in ${label}`} className="border-neutral-200">
            <p className="text-neutral-600">Sales, releases, payouts and adjustments of the month show here.</p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="entries-count">
              {data.meta.total === 1 ? '1 posting' : `${data.meta.total} postings`} in {label}.
            </p>
            <EntriesTable entries={data.items} month={label} currency={currency} updating={isFetching} />
            <Pagination
              page={params.page}
              pageCount={pageCount(data.meta.total, MONEY_ENTRIES_PER_PAGE)}
              hrefFor={(page) => moneyHref({ ...params, page })}
              label="Statement pages"
              scroll={false}
            />
          </>
        )}
      </div>
    </Panel>
  );
}

const STEP =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md border text-sm font-medium';
const STEP_ENABLED = 'border-neutral-300 bg-white text-neutral-800 hover:border-brand-600 hover:text-brand-700';
const STEP_DISABLED = 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400';

/** The month shown: the previous and next month, or any of the last two years from a list. */
function MonthPicker({ month }: { month: string }) {
  const router = useRouter();
  const id = useId();
  const latest = currentMonth();
  const previous = month > FIRST_MONTH ? shiftMonth(month, -1) : null;
  const next = month < latest ? shiftMonth(month, 1) : null;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex items-center gap-2">
      <span id={`${id}-label`} className="sr-only">
        Month of the statement
      </span>
      <MonthStep href={previous ? moneyHref({ month: previous, page: 1 }) : null} name="Previous month">
        <ChevronLeft aria-hidden="true" className="size-4" />
      </MonthStep>
      <label htmlFor={`${id}-select`} className="sr-only">
        Month
      </label>
      <Select
        id={`${id}-select`}
        className="min-w-0 flex-1 sm:w-52 sm:flex-none"
        value={month}
        onChange={(event) => router.push(moneyHref({ month: event.target.value, page: 1 }), { scroll: false })}
      >
        {monthChoices(latest, month).map((choice) => (
          <option key={choice} value={choice}>
            {monthLabel(choice)}
          </option>
        ))}
      </Select>
      <MonthStep href={next ? moneyHref({ month: next, page: 1 }) : null} name="Next month">
        <ChevronRight aria-hidden="true" className="size-4" />
      </MonthStep>
    </div>
  );
}

/** A step to the month before or after; disabled in place (no later month than now). */
function MonthStep({ href, name, children }: { href: string | null; name: string; children: ReactNode }) {
  if (href === null) {
    return (
      <span role="link" aria-disabled="true" aria-label={name} className={cn(STEP, STEP_DISABLED)}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} aria-label={name} scroll={false} className={cn(STEP, STEP_ENABLED)}>
      {children}
    </Link>
  );
}

function EntriesTable({
  entries,
  month,
  currency,
  updating,
}: {
  entries: MoneyEntry[];
  month: string;
  currency: CurrencyFormat;
  updating: boolean;
}) {
  return (
    <ScrollTable label={`Postings in ${month}`} className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Postings in {month}</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 sm:px-6">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Kind
            </th>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2">
              Balance
            </th>
            <th scope="col" className="px-5 py-2 text-right sm:px-6">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="money-entry" data-kind={entry.kind}>
              <td className="px-5 py-3 whitespace-nowrap sm:px-6">
                <time dateTime={entry.effective_at}>{formatSaDate(entry.effective_at)}</time>
              </td>
              <td className="px-3 py-3" data-testid="entry-kind">
                {entryKindLabel(entry.kind)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {entry.order_number ?? <span className="text-neutral-500">—</span>}
              </td>
              <td className="px-3 py-3 text-neutral-700">{entry.description}</td>
              <td className="px-3 py-3" data-testid="entry-balance">
                {balanceLabel(entry.balance)}
              </td>
              <td
                className={cn(
                  'px-5 py-3 text-right font-medium whitespace-nowrap tabular-nums sm:px-6',
                  entry.amount_cents > 0 ? 'text-green-700 dark:text-green-400' : 'text-neutral-900',
                )}
                data-testid="entry-amount"
              >
                {formatSignedMoney(entry.amount_cents, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
