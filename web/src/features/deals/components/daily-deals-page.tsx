'use client';

import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import type { DailyDeal } from '@/features/deals/api/deal-types';
import { useDeals, useWithdrawDeal } from '@/features/deals/api/deals';
import { ProposeDealForm } from '@/features/deals/components/propose-deal-form';
import { canWithdraw, dealStatus, formatDealDate } from '@/features/deals/lib/deal-dates';

/**
 * /vendor/daily-deals/: propose a product at a deal price for one day, and the vendor's deals from
 * today on, by date, each with its status (an admin's reason when rejected) and Withdraw while it
 * is proposed or approved.
 */
export function DailyDealsPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useDeals();
  return (
    <>
      <PageHeader
        title="Daily deals"
        description="An admin approves each deal you propose; an approved deal runs at its price on that date only."
      />
      {isPending ? (
        <ListSkeleton label="Loading your deals" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <Panel title="Propose a deal">
            <ProposeDealForm today={data.today} />
          </Panel>
          <Panel title="Your deals" description="From today on, by date.">
            {data.items.length === 0 ? (
              <EmptyState title="No deals yet">
                <p className="text-neutral-600">Deals you propose show here, with the admin&apos;s decision.</p>
              </EmptyState>
            ) : (
              <DealsTable deals={data.items} updating={isFetching} />
            )}
          </Panel>
        </div>
      )}
    </>
  );
}

function byDate(a: DailyDeal, b: DailyDeal): number {
  return a.deal_date === b.deal_date ? a.product_name.localeCompare(b.product_name, 'en-ZA') : a.deal_date < b.deal_date ? -1 : 1;
}

function DealsTable({ deals, updating }: { deals: DailyDeal[]; updating: boolean }) {
  return (
    <ScrollTable label="Daily deals table" className="relative -mx-5 sm:mx-0">
      <table className="w-full text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Your daily deals, by date</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Date
            </th>
            <th scope="col" className="px-3 py-3">
              Product
            </th>
            <th scope="col" className="px-3 py-3">
              Deal price
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {[...deals].sort(byDate).map((deal) => (
            <DealRow key={deal.id} deal={deal} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function DealRow({ deal }: { deal: DailyDeal }) {
  const status = dealStatus(deal.status);
  const date = formatDealDate(deal.deal_date);
  return (
    <tr data-testid="deal-row">
      <td className="px-3 py-3 align-top font-medium whitespace-nowrap text-neutral-900" data-testid="deal-date">
        {date}
      </td>
      <td className="px-3 py-3 align-top text-neutral-900" data-testid="deal-product">
        {deal.product_name}
      </td>
      <td className="px-3 py-3 align-top tabular-nums" data-testid="deal-price">
        <span className="font-semibold text-sale">{formatMoney(deal.deal_price_cents)}</span>
        <span className="block text-xs text-neutral-600">Regular {formatMoney(deal.price_cents)}</span>
      </td>
      <td className="px-3 py-3 align-top">
        <StatusBadge label={status.label} tone={status.tone} />
        {deal.status === 'rejected' && deal.decision_note ? (
          <p className="mt-1 text-xs text-neutral-700" data-testid="deal-decision-note">
            Reason: {deal.decision_note}
          </p>
        ) : null}
      </td>
      <td className="px-3 py-3 text-right align-top">
        {canWithdraw(deal.status) ? <WithdrawButton deal={deal} date={date} /> : null}
      </td>
    </tr>
  );
}

function WithdrawButton({ deal, date }: { deal: DailyDeal; date: string }) {
  const withdraw = useWithdrawDeal();
  return (
    <Button
      variant="secondary"
      className="h-9 px-3"
      aria-label={`Withdraw ${deal.product_name} on ${date}`}
      disabled={withdraw.isPending}
      onClick={() =>
        withdraw.mutate(deal.id, {
          onSuccess: () => toast.success('Deal withdrawn', { description: `${deal.product_name} on ${date}` }),
          onError: (error) =>
            toast.error('The deal was not withdrawn', {
              description: errorMessage(error, 'Something went wrong on our side. Please try again.'),
            }),
        })
      }
    >
      {withdraw.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      Withdraw
    </Button>
  );
}
