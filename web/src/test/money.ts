import type {
  LedgerAccounts,
  MoneyEntries,
  MoneyEntry,
  Payout,
  PayoutRun,
  VendorMoney,
} from '@/features/money/api/money-types';

/** The money API's payloads (vendor balance and postings, the admin's books and payout runs) shaped as the API has them. */

export const VENDOR_ID = '0190d000-0000-7000-8000-00000000c001';
export const OTHER_VENDOR_ID = '0190d000-0000-7000-8000-00000000c002';
export const RUN_ID = '0190e000-0000-7000-8000-00000000f001';
export const PAYOUT_ID = '0190e000-0000-7000-8000-00000000f101';
export const OTHER_PAYOUT_ID = '0190e000-0000-7000-8000-00000000f102';

export function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: PAYOUT_ID,
    run_id: RUN_ID,
    vendor_id: VENDOR_ID,
    store_name: 'Karoo Outdoor Co.',
    amount_cents: 125050,
    status: 'sent',
    account_holder: 'Karoo Outdoor (Pty) Ltd',
    account_number_last4: '6789',
    branch_code: '470010',
    reference: 'BAZAAR 0190e000',
    failure_reason: null,
    created_at: '2026-11-20T08:00:00Z',
    settled_at: null,
    ...overrides,
  };
}

export function vendorMoney(overrides: Partial<VendorMoney> = {}): VendorMoney {
  return {
    currency: 'ZAR',
    pending_cents: 48000,
    available_cents: 125050,
    hold_days: 7,
    minimum_payout_cents: 10000,
    payouts: [],
    ...overrides,
  };
}

export function moneyEntry(overrides: Partial<MoneyEntry> = {}): MoneyEntry {
  return {
    id: '0190e000-0000-7000-8000-00000000e001',
    kind: 'sale',
    balance: 'pending',
    amount_cents: 43560,
    description: 'Sale of order BZ-2026112601, less 12.5% commission',
    order_id: '0190f000-0000-7000-8000-00000000e001',
    order_number: 'BZ-2026112601',
    payout_id: null,
    effective_at: '2026-11-26T09:02:00Z',
    ...overrides,
  };
}

export function moneyEntries(month: string, items: MoneyEntry[], total = items.length, page = 1): MoneyEntries {
  return { month, items, meta: { total, page, per_page: 20 } };
}

export function ledger(overrides: Partial<LedgerAccounts> = {}): LedgerAccounts {
  return {
    accounts: [
      { account: 'commission', sum_cents: -6240 },
      { account: 'gateway', sum_cents: 49800 },
      { account: 'vendor_available', sum_cents: -43560 },
    ],
    total_cents: 0,
    ...overrides,
  };
}

export function payoutRun(overrides: Partial<PayoutRun> = {}): PayoutRun {
  const payouts = overrides.payouts ?? [payout()];
  return {
    id: RUN_ID,
    dry_run: false,
    minimum_cents: 10000,
    payouts,
    total_cents: payouts.reduce((sum, each) => sum + each.amount_cents, 0),
    without_account: [],
    ...overrides,
  };
}
