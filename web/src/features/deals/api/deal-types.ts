import type { Schema } from '@/lib/api/client';

/** The vendor's daily deals (/api/v1/vendor/daily-deals…), from the generated schema. Money in cents. */

export type DailyDeal = Schema<'DailyDeal'>;
export type DailyDealList = Schema<'DailyDealList'>;
export type DealInput = Schema<'DealInput'>;
export type DealMoved = Schema<'DealMoved'>;

/** Where a deal is: an admin approves or rejects a proposal; the vendor may withdraw it before its date. */
export type DealStatus = 'proposed' | 'approved' | 'rejected' | 'withdrawn';

/** One of the vendor's products a deal can be proposed for: active, without variations. */
export interface DealProductChoice {
  id: string;
  name: string;
  /** What customers pay for it now; a deal price must be below it. */
  price_cents: number;
}
