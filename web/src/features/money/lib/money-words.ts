import type { StatusTone } from '@/components/area/status-badge';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import type { EntryKind, PayoutStatus } from '@/features/money/api/money-types';

/** How the books' codes read in the areas: postings, balances, payouts and accounts in words. */

function fallback(code: string): string {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ENTRY_KINDS: Record<EntryKind, string> = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  release: 'Released after the hold',
  payout: 'Payout sent',
  payout_paid: 'Payout paid',
  payout_failed: 'Payout failed',
  adjustment: 'Adjustment',
  return: 'Refund to the buyer',
};

/** A posting's kind in words ("Payout sent"). */
export function entryKindLabel(kind: string): string {
  return ENTRY_KINDS[kind as EntryKind] ?? fallback(kind);
}

/** Which of the vendor's balances a posting moved. */
export function balanceLabel(balance: string): string {
  return balance === 'pending' ? 'Pending' : balance === 'available' ? 'Available' : fallback(balance);
}

const PAYOUT_STATUSES: Record<PayoutStatus, { label: string; tone: StatusTone }> = {
  sent: { label: 'Sent', tone: 'info' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export function payoutStatus(status: string): { label: string; tone: StatusTone } {
  return PAYOUT_STATUSES[status as PayoutStatus] ?? { label: fallback(status), tone: 'neutral' };
}

const ACCOUNTS: Record<string, string> = {
  gateway: 'Gateway and bank',
  points_funding: 'Points funding',
  commission: 'Commission',
  platform_sales: 'Platform sales',
  payment_fees: 'Payment fees',
  refunds_due: 'Refunds due',
  vendor_pending: 'Vendors’ pending balances',
  vendor_available: 'Vendors’ available balances',
  payouts_in_transit: 'Payouts in transit',
  adjustments: 'Adjustments',
};

/** An account of the books in words ("Payouts in transit"). */
export function accountLabel(account: string): string {
  return ACCOUNTS[account] ?? fallback(account);
}

/** An amount with its sign always shown: "+R120.00", "-R30.00", "R0.00". */
export function formatSignedMoney(cents: number, currency?: CurrencyFormat): string {
  const text = formatMoney(cents, currency);
  return cents > 0 ? `+${text}` : text;
}

/** "1 day" or "7 days". */
export function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
