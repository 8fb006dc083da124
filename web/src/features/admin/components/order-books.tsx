'use client';

import { Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge, type StatusTone } from '@/components/area/status-badge';
import type { CurrencyFormat } from '@/lib/money';
import { formatDateTime } from '@/lib/selling/statuses';
import { accountLabel, entryKindLabel, formatSignedMoney } from '@/features/money/lib/money-words';
import type { AdminLedgerEntry, AdminOrderDetail } from '@/features/admin/api/orders';

/** The money an order moved, for admins: the payments that arrived for it, and its entries in the books by journal. */

const PAYMENT_STATUSES: Record<string, { label: string; tone: StatusTone }> = {
  received: { label: 'Received', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  duplicate: { label: 'Duplicate', tone: 'warning' },
};

export function PaymentsPanel({ detail }: { detail: AdminOrderDetail }) {
  return (
    <Panel title="Payments" description="What the payment provider told us about this order.">
      {detail.payments.length === 0 ? (
        <p className="text-sm text-neutral-600">No payment has arrived for this order.</p>
      ) : (
        <ScrollTable label="Payments" className="-mx-5 sm:-mx-6">
          <table className="w-full min-w-xl text-left text-sm">
            <caption className="sr-only">Payments</caption>
            <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 sm:px-6">
                  Received
                </th>
                <th scope="col" className="px-3 py-2">
                  Provider
                </th>
                <th scope="col" className="px-3 py-2">
                  Reference
                </th>
                <th scope="col" className="px-5 py-2 sm:px-6">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {detail.payments.map((payment) => {
                const look = PAYMENT_STATUSES[payment.status] ?? { label: payment.status.replace(/_/g, ' '), tone: 'neutral' as const };
                return (
                  <tr key={payment.id} data-testid="order-payment">
                    <td className="px-5 py-2.5 whitespace-nowrap sm:px-6">
                      <time dateTime={payment.received_at}>{formatDateTime(payment.received_at)}</time>
                    </td>
                    <td className="px-3 py-2.5">{payment.provider}</td>
                    <td className="px-3 py-2.5 font-mono text-xs">{payment.reference ?? '—'}</td>
                    <td className="px-5 py-2.5 sm:px-6">
                      <StatusBadge label={look.label} tone={look.tone} />
                      {payment.reason ? <span className="mt-1 block text-xs text-neutral-600">{payment.reason}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </Panel>
  );
}

export interface Journal {
  id: string;
  kind: string;
  memo: string;
  effective_at: string;
  entries: AdminLedgerEntry[];
}

/** The books' entries grouped by journal (each journal balances), in the order they came. */
export function journalsOf(entries: readonly AdminLedgerEntry[]): Journal[] {
  const journals = new Map<string, Journal>();
  for (const entry of entries) {
    const journal = journals.get(entry.journal_id);
    if (journal) journal.entries.push(entry);
    else
      journals.set(entry.journal_id, {
        id: entry.journal_id,
        kind: entry.kind,
        memo: entry.memo,
        effective_at: entry.effective_at,
        entries: [entry],
      });
  }
  return [...journals.values()];
}

export function BooksPanel({ detail }: { detail: AdminOrderDetail }) {
  const journals = journalsOf(detail.ledger);
  const vendors = new Map(detail.order.parts.map((part) => [part.vendor_id, part.vendor_name]));
  const currency: CurrencyFormat = { code: detail.order.currency };
  return (
    <Panel
      title="Books"
      description="The ledger’s entries for this order, journal by journal. Positive: held or spent by the platform; negative: owed or earned."
    >
      {journals.length === 0 ? (
        <p className="text-sm text-neutral-600">Nothing has been booked for this order.</p>
      ) : (
        <ScrollTable label="Books" className="-mx-5 sm:-mx-6">
          <table className="w-full min-w-xl text-left text-sm">
            <caption className="sr-only">The books’ entries for this order</caption>
            <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 sm:px-6">
                  Account
                </th>
                <th scope="col" className="px-3 py-2">
                  Vendor
                </th>
                <th scope="col" className="px-5 py-2 text-right sm:px-6">
                  Amount
                </th>
              </tr>
            </thead>
            {journals.map((journal) => (
              <tbody key={journal.id} className="border-b border-neutral-200 last:border-b-0" data-testid="ledger-journal" data-kind={journal.kind}>
                <tr className="bg-neutral-50">
                  <th scope="rowgroup" colSpan={3} className="px-5 py-2 text-left font-normal sm:px-6">
                    <span className="font-semibold text-neutral-900">{entryKindLabel(journal.kind)}</span>
                    <span className="text-neutral-600">
                      {' · '}
                      <time dateTime={journal.effective_at}>{formatDateTime(journal.effective_at)}</time>
                      {journal.memo ? ` · ${journal.memo}` : ''}
                    </span>
                  </th>
                </tr>
                {journal.entries.map((entry, index) => (
                  <tr key={`${entry.account}-${entry.vendor_id ?? ''}-${index}`} data-testid="ledger-entry">
                    <td className="px-5 py-2 sm:px-6">{accountLabel(entry.account)}</td>
                    <td className="px-3 py-2 text-neutral-700">{entry.vendor_id ? (vendors.get(entry.vendor_id) ?? 'Another store') : '—'}</td>
                    <td className="px-5 py-2 text-right whitespace-nowrap tabular-nums sm:px-6">{formatSignedMoney(entry.amount_cents, currency)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </ScrollTable>
      )}
    </Panel>
  );
}
