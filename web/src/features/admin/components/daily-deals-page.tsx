'use client';

import { Suspense, useId, useState, type FormEvent } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { CalendarPlus, Check, ExternalLink, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { StatusTabs } from '@/components/area/list-controls';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { productPath } from '@/lib/paths';
import { useMounted } from '@/lib/use-mounted';
import {
  DEAL_FILTERS,
  dealFilterFrom,
  dealsHref,
  useAdminDeals,
  useDecideDeal,
  type DailyDeal,
  type DealFilter,
} from '@/features/admin/api/daily-deals';
import { ProductThumbnail } from '@/features/admin/components/product-thumbnail';
import { ScheduleDealPanel, todayInSouthAfrica } from '@/features/admin/components/schedule-deal-panel';
import { dealStatus, formatDealDate } from '@/features/deals/lib/deal-dates';

/**
 * /admin/daily-deals/?status=…: the deals vendors propose, from today on, by date (the proposals
 * first: the filter lives in the URL). A proposal is approved, or rejected with a reason the
 * vendor reads; an approved deal can still be rejected before its date. "Schedule a deal" puts any
 * product on a deal directly, approved at once.
 */
export function AdminDailyDealsPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading daily deals" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading daily deals" />;
  return <DealsList filter={dealFilterFrom(searchParams)} />;
}

/** The server's rule for the reason (domain vendor::parse_message): 3 to 1000 characters. */
export const NOTE_MIN = 3;
export const NOTE_MAX = 1000;
export const NOTE_LENGTH = `The reason must be ${NOTE_MIN} to ${NOTE_MAX} characters`;

/** The trimmed reason, or the message saying why it cannot be sent. */
export function checkNote(raw: string): { note: string } | { error: string } {
  const note = raw.trim();
  const length = [...note].length;
  return length < NOTE_MIN || length > NOTE_MAX ? { error: NOTE_LENGTH } : { note };
}

/** The deal price's saving on the regular price, in whole percent; null when it saves nothing (the price moved). */
export function percentOff(priceCents: number, dealCents: number): number | null {
  if (priceCents <= 0 || dealCents >= priceCents) return null;
  return Math.max(1, Math.round(((priceCents - dealCents) / priceCents) * 100));
}

const EMPTY: Record<DealFilter, { title: string; text: string }> = {
  proposed: { title: 'Nothing to decide', text: 'Deals vendors propose wait here for a decision.' },
  approved: { title: 'No approved deals', text: 'Approved deals from today on show here.' },
  rejected: { title: 'No rejected deals', text: 'Rejected deals from today on show here, with the reason given.' },
  withdrawn: { title: 'No withdrawn deals', text: 'Deals their vendors withdrew show here.' },
  all: { title: 'No deals yet', text: 'Deals vendors propose, from today on, show here.' },
};

function DealsList({ filter }: { filter: DealFilter }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminDeals(filter);
  const router = useRouter();
  const [scheduling, setScheduling] = useState(false);
  const panelId = useId();

  function scheduled(done: boolean) {
    setScheduling(false);
    // The new deal is approved: show it where approved deals are.
    if (done && filter !== 'approved' && filter !== 'all') router.push(dealsHref('approved'));
  }

  return (
    <>
      <PageHeader
        title="Daily deals"
        description="Vendors propose one product at a lower price for one day; an approved deal runs at that price on its date only."
        actions={
          <Button
            className="h-10"
            aria-expanded={scheduling}
            aria-controls={scheduling ? panelId : undefined}
            onClick={() => setScheduling((open) => !open)}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Schedule a deal
          </Button>
        }
      />
      <div className="flex flex-col gap-4">
        {scheduling ? (
          <ScheduleDealPanel id={panelId} today={data?.today ?? todayInSouthAfrica()} onDone={scheduled} />
        ) : null}
        <StatusTabs label="Deal status" options={DEAL_FILTERS} current={filter} hrefFor={(value) => dealsHref(value as DealFilter)} />
        {isPending ? (
          <ListSkeleton label="Loading daily deals" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          <EmptyState title={EMPTY[filter].title}>
            <p className="text-neutral-600">{EMPTY[filter].text}</p>
          </EmptyState>
        ) : (
          <DealsTable deals={data.items} today={data.today} updating={isFetching} />
        )}
      </div>
    </>
  );
}

function byDate(a: DailyDeal, b: DailyDeal): number {
  return a.deal_date === b.deal_date ? a.product_name.localeCompare(b.product_name, 'en-ZA') : a.deal_date < b.deal_date ? -1 : 1;
}

function DealsTable({ deals, today, updating }: { deals: DailyDeal[]; today: string; updating: boolean }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white">
      <ScrollTable label="Daily deals">
        <table className="w-full min-w-3xl text-left text-sm" aria-busy={updating || undefined}>
          <caption className="sr-only">Daily deals, by date</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                Date
              </th>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                Store
              </th>
              <th scope="col" className="px-3 py-2">
                Price
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Decision</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {[...deals].sort(byDate).map((deal) => (
              <DealRow key={deal.id} deal={deal} today={today} />
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function DealRow({ deal, today }: { deal: DailyDeal; today: string }) {
  const status = dealStatus(deal.status);
  const date = formatDealDate(deal.deal_date);
  const off = percentOff(deal.price_cents, deal.deal_price_cents);
  const nameId = useId();
  const canApprove = deal.status === 'proposed';
  const canReject = deal.status === 'proposed' || deal.status === 'approved';
  return (
    <tr data-testid="deal-row" className="hover:bg-neutral-50">
      <td className="px-4 py-3 align-top whitespace-nowrap" data-testid="deal-date">
        <span className="font-medium text-neutral-900">{date}</span>
        {deal.deal_date === today ? <span className="block text-xs font-semibold text-brand-700">Today</span> : null}
      </td>
      <td className="px-3 py-3 align-top">
        <div className="flex items-center gap-3">
          <ProductThumbnail url={deal.image_url} />
          <a
            id={nameId}
            href={productPath(deal.product_slug)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
            data-testid="deal-product"
          >
            {deal.product_name}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-neutral-500" />
            <span className="sr-only">{' (opens in a new tab)'}</span>
          </a>
        </div>
      </td>
      <td className="px-3 py-3 align-top text-neutral-700" data-testid="deal-store">
        {deal.store_name}
      </td>
      <td className="px-3 py-3 align-top whitespace-nowrap tabular-nums" data-testid="deal-price">
        <span className="text-neutral-600 line-through">{formatMoney(deal.price_cents)}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> now </span>
        <span className="font-semibold text-sale">{formatMoney(deal.deal_price_cents)}</span>
        {off !== null ? <span className="block text-xs text-neutral-600"> {off}% off</span> : null}
      </td>
      <td className="px-3 py-3 align-top">
        <StatusBadge label={status.label} tone={status.tone} />
        {deal.status === 'rejected' && deal.decision_note ? (
          <p className="mt-1 max-w-64 text-xs break-words text-neutral-700" data-testid="deal-decision-note">
            Reason: {deal.decision_note}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3 align-top">
        <div className="flex flex-wrap justify-end gap-2">
          {canApprove ? <ApproveButton deal={deal} date={date} describedBy={nameId} /> : null}
          {canReject ? <RejectDialog deal={deal} date={date} describedBy={nameId} /> : null}
        </div>
      </td>
    </tr>
  );
}

/** What a toast calls the deal: "Karoo Hiking Boot on Tue, 01 Dec 2026". */
function dealName(deal: DailyDeal, date: string): string {
  return `${deal.product_name} on ${date}`;
}

/** "Approve", at once: the deal runs on its date. A 409 (the deal moved meanwhile) says why in a toast. */
function ApproveButton({ deal, date, describedBy }: { deal: DailyDeal; date: string; describedBy: string }) {
  const decide = useDecideDeal(deal.id);
  return (
    <Button
      className="h-9 px-3"
      aria-describedby={describedBy}
      disabled={decide.isPending}
      data-testid="deal-approve"
      onClick={() =>
        decide.mutate(
          { approve: true },
          {
            onSuccess: () => toast.success('Deal approved', { description: dealName(deal, date) }),
            onError: (failure) =>
              toast.error('The deal was not approved', {
                description: errorMessage(failure, 'Something went wrong on our side. Please try again.'),
              }),
          },
        )
      }
    >
      {decide.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Check aria-hidden="true" className="size-4" />}
      Approve
    </Button>
  );
}

/**
 * "Reject": a dialog asking why (3 to 1000 characters; the vendor reads it), confirmed with
 * "Reject deal". The server's word on the reason lands under the field; a 409 (the deal moved
 * meanwhile), or anything else, in the dialog.
 */
function RejectDialog({ deal, date, describedBy }: { deal: DailyDeal; date: string; describedBy: string }) {
  const decide = useDecideDeal(deal.id);
  const confirm = useConfirmState();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (decide.isPending) return;
    confirm.setError(null);
    const checked = checkNote(note);
    if ('error' in checked) {
      setNoteError(checked.error);
      return;
    }
    setNoteError(undefined);
    decide.mutate(
      { approve: false, note: checked.note },
      {
        onSuccess: () => {
          toast.success('Deal rejected', { description: dealName(deal, date) });
          confirm.close();
          setNote('');
        },
        onError: (failure) => {
          const field = failure instanceof ApiError && failure.status === 400 ? failure.fields?.note : undefined;
          if (typeof field === 'string') setNoteError(field);
          else confirm.setError(errorMessage(failure, 'The deal could not be rejected. Please try again.'));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={(next) => {
        setNoteError(undefined);
        confirm.onOpenChange(next);
      }}
      trigger={
        <Button variant="secondary" className="h-9 px-3" aria-describedby={describedBy} disabled={decide.isPending} data-testid="deal-reject">
          Reject
        </Button>
      }
      title="Reject this deal?"
      description={`${dealName(deal, date)} at ${formatMoney(deal.deal_price_cents)}, from ${deal.store_name}. ${
        deal.status === 'approved' ? 'It was approved: it will not run. ' : ''
      }The vendor sees your reason.`}
      confirmLabel="Reject deal"
      formId={`${id}-form`}
      pending={decide.isPending}
      error={confirm.error}
      testId="deal-reject-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="Reason" hint={`${NOTE_MIN} to ${NOTE_MAX} characters, shown to the vendor.`} error={noteError}>
          <Textarea rows={3} maxLength={NOTE_MAX + 200} value={note} onChange={(event) => setNote(event.target.value)} />
        </FormField>
      </form>
    </ConfirmDialog>
  );
}
