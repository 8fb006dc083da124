import type { Schema } from '@/lib/api/client';

/** The money API's shapes (the vendor's /vendor/money…, the admin's books and payouts), from the generated schema. */

/** The vendor's balance (pending and available), the payout rules and their latest payouts. */
export type VendorMoney = Schema<'VendorMoney'>;
/** A payout as its vendor or an admin sees it, the account number masked. */
export type Payout = Schema<'PayoutView'>;
/** A month of the vendor's postings, a page at a time. */
export type MoneyEntries = Schema<'MoneyEntries'>;
export type MoneyEntry = Schema<'MoneyEntry'>;

/** Every account of the books with its sum; they add up to zero. */
export type LedgerAccounts = Schema<'LedgerAccounts'>;
export type AccountSum = Schema<'AccountSum'>;
/** A payout run (made, or a dry run showing what it would pay). */
export type PayoutRun = Schema<'PayoutRunView'>;
export type OwedWithoutAccount = Schema<'OwedWithoutAccount'>;
export type Adjustment = Schema<'Adjustment'>;
export type VendorBalance = Schema<'VendorBalanceView'>;

/** Where a payout stands. */
export type PayoutStatus = 'sent' | 'paid' | 'failed';

/** What a posting records (MoneyEntry.kind). */
export type EntryKind = 'sale' | 'cancellation' | 'release' | 'payout' | 'payout_paid' | 'payout_failed' | 'adjustment' | 'return';

/** How a payout is settled. */
export type Settlement = { status: 'paid' } | { status: 'failed'; reason: string };
