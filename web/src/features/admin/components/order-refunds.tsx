'use client';

import { useState, type FormEvent } from 'react';
import { Loader2, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage, Panel } from '@/components/area/area-states';
import { StatusBadge, type StatusTone } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { centsToAmount, formatMoney, type CurrencyFormat } from '@/lib/money';
import { formatDateTime } from '@/lib/selling/statuses';
import { amountToCents } from '@/features/vendor/lib/amount';
import {
  useRecordRefundPaid,
  useRetryRefund,
  type AdminOrderDetail,
  type AdminOrderLine,
  type Refund,
} from '@/features/admin/api/orders';

/**
 * An order's refunds (each with how PayFast answered, and "Ask PayFast again" for a refused one)
 * and, while money is owed back, the way to record it as paid by other means.
 */

/** A line's variation, size and colour as one text ("Blue · M"), or ''. */
export function lineOptions(line: Pick<AdminOrderLine, 'variation_name' | 'size' | 'color'>): string {
  const parts = line.variation_name ? [line.variation_name] : [line.color, line.size];
  return parts.filter((part) => part && part.trim() !== '').join(' · ');
}

const REFUND_STATUSES: Record<string, { label: string; tone: StatusTone }> = {
  due: { label: 'Due', tone: 'warning' },
  requested: { label: 'Requested', tone: 'info' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export function refundStatus(status: string): { label: string; tone: StatusTone } {
  return REFUND_STATUSES[status] ?? { label: status.replace(/_/g, ' '), tone: 'neutral' };
}

/** A refund's status as a badge; `data-status` holds the API's word (due, requested, paid, failed). */
export function RefundStatusBadge({ status }: { status: string }) {
  const { label, tone } = refundStatus(status);
  return (
    <span data-testid="refund-status" data-status={status} className="inline-flex">
      <StatusBadge label={label} tone={tone} />
    </span>
  );
}

/** What became of a refund's money, in a sentence. */
export function refundOutcome(refund: Pick<Refund, 'status' | 'money_cents' | 'gateway_message'>, currency?: CurrencyFormat): string {
  const money = formatMoney(refund.money_cents, currency);
  switch (refund.status) {
    case 'paid':
      return refund.money_cents > 0 ? `Paid: ${money} went back to the buyer.` : 'Nothing to pay back in money: the points went back.';
    case 'requested':
      return `Asked PayFast to pay ${money} back; waiting for its answer.`;
    case 'failed':
      return `PayFast did not pay it back${refund.gateway_message ? ` (${refund.gateway_message})` : ''}. Ask again, or pay ${money} back by other means and record it.`;
    case 'due':
      return `${money} is owed back to the buyer: pay it by EFT or through PayFast’s dashboard, then record it as paid.`;
    default:
      return `Status: ${refund.status.replace(/_/g, ' ')}.`;
  }
}

/** A refund's figures: what it was worth, the money and points that moved, and the stock. */
export function RefundFigures({ refund, currency }: { refund: Refund; currency: CurrencyFormat }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <Figure label="Goods’ worth" value={formatMoney(refund.value_cents, currency)} testId="refund-value" />
      <Figure label="Money back" value={formatMoney(refund.money_cents, currency)} testId="refund-money" />
      <Figure label="Points returned" value={String(refund.points_returned)} />
      <Figure label="Points taken back" value={String(refund.points_reversed)} />
    </dl>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-medium text-neutral-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function RefundsPanel({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const currency: CurrencyFormat = { code: order.currency };
  const retry = useRetryRefund();

  function askAgain(refund: Refund) {
    retry.mutate(refund.id, {
      onSuccess: (answer) => {
        if (answer.status === 'failed') {
          toast.error('PayFast refused the refund again', { description: answer.gateway_message ?? undefined });
        } else {
          toast.success(answer.status === 'paid' ? 'PayFast paid the refund' : 'Asked PayFast again');
        }
      },
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'PayFast could not be asked. Please try again.') }),
    });
  }

  return (
    <Panel title="Refunds" description="Refunds of this order, oldest first, and how PayFast answered each.">
      <div className="flex flex-col gap-5">
        {order.refund_due_cents > 0 ? <RecordPaid orderId={order.id} dueCents={order.refund_due_cents} currency={currency} /> : null}
        {detail.refunds.length === 0 ? (
          <p className="text-sm text-neutral-600">Nothing has been refunded.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Refunds">
            {detail.refunds.map((refund) => {
              const part = order.parts.find((candidate) => candidate.id === refund.part_id);
              const retrying = retry.isPending && retry.variables === refund.id;
              return (
                <li
                  key={refund.id}
                  className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-4"
                  data-testid="refund-row"
                  data-refund-id={refund.id}
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold text-neutral-900">{part?.vendor_name ?? 'A store'}</p>
                      <p className="text-xs text-neutral-600">
                        <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time>
                        {refund.restocked ? ' · put back in stock' : ''}
                        {refund.gateway_reference ? ` · PayFast reference ${refund.gateway_reference}` : ''}
                      </p>
                    </div>
                    <RefundStatusBadge status={refund.status} />
                  </div>
                  <RefundFigures refund={refund} currency={currency} />
                  {refund.lines.length > 0 ? (
                    <ul className="text-sm text-neutral-700" aria-label="Refunded lines">
                      {refund.lines.map((refunded) => {
                        const line = part?.items.find((item) => item.id === refunded.item_id);
                        const options = line ? lineOptions(line) : '';
                        return (
                          <li key={refunded.item_id}>
                            {refunded.quantity} × {line?.product_name ?? 'a line'}
                            {options ? ` (${options})` : ''}
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    <p className="text-sm text-neutral-700">An amount, no lines.</p>
                  )}
                  <p className="text-sm text-neutral-700">
                    <span className="text-neutral-600">Reason: </span>
                    {refund.reason}
                  </p>
                  <p
                    className={refund.status === 'failed' ? 'text-sm font-medium text-sale' : 'text-sm text-neutral-700'}
                    data-testid="refund-outcome"
                  >
                    {refundOutcome(refund, currency)}
                  </p>
                  {refund.status === 'failed' ? (
                    <div>
                      <Button variant="secondary" className="h-10" disabled={retry.isPending} onClick={() => askAgain(refund)}>
                        {retrying ? (
                          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                        ) : (
                          <RotateCcw aria-hidden="true" className="size-4" />
                        )}
                        Ask PayFast again
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Panel>
  );
}

export const RECORD_AMOUNT_INVALID = 'Enter the amount paid back in rand, e.g. 250.00';

/** Money owed back, recorded as paid by other means (an EFT, PayFast's dashboard). */
function RecordPaid({ orderId, dueCents, currency }: { orderId: string; dueCents: number; currency: CurrencyFormat }) {
  const record = useRecordRefundPaid(orderId);
  const [amount, setAmount] = useState(centsToAmount(dueCents));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = amountToCents(amount.replace(/^\s*R\s*/i, ''));
    if (cents === null || cents <= 0) {
      setError(RECORD_AMOUNT_INVALID);
      return;
    }
    if (cents > dueCents) {
      setError(`At most the ${formatMoney(dueCents, currency)} owed`);
      return;
    }
    setError(null);
    record.mutate(cents, {
      onSuccess: (answer) => {
        toast.success(`Recorded ${formatMoney(cents, currency)} as paid back`, {
          description: answer.refund_due_cents > 0 ? `${formatMoney(answer.refund_due_cents, currency)} is still owed.` : undefined,
        });
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields?.amount_cents : undefined;
        setError(typeof field === 'string' ? field : errorMessage(failure, 'The payment could not be recorded. Please try again.'));
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Record a refund paid by other means"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
      data-testid="record-refund-paid"
    >
      <p className="text-sm text-amber-900 dark:text-amber-200">
        <span className="font-semibold">{formatMoney(dueCents, currency)} is owed back to the buyer.</span> Paid back by other
        means (an EFT, PayFast’s dashboard)? Record it here.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <FormField label="Amount paid back (R)" error={error ?? undefined}>
            <Input type="text" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </FormField>
        </div>
        <Button type="submit" variant="secondary" className="h-11" disabled={record.isPending}>
          {record.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          Record as paid
        </Button>
      </div>
    </form>
  );
}
