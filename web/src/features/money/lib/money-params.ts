import { pageFromParam } from '@/lib/page-param';
import { currentMonth, parseMonth } from '@/features/money/lib/month';

/**
 * /vendor/money/ keeps the month of postings shown and its page in the URL (STYLE.md "Lists"):
 * `?month=YYYY-MM&page=N`. Without a month (or with one the API would refuse) it is the current
 * month in South Africa; page 1 is left out.
 */

export const VENDOR_MONEY_PATH = '/vendor/money/';

export interface MoneyParams {
  month: string;
  page: number;
}

export function moneyParamsFrom(params: { get(name: string): string | null } | null, now: Date = new Date()): MoneyParams {
  return {
    month: parseMonth(params?.get('month')) ?? currentMonth(now),
    page: pageFromParam(params?.get('page')),
  };
}

/** The address of a month's page of postings (the month always named, so the link says which). */
export function moneyHref(params: MoneyParams): string {
  const query = new URLSearchParams({ month: params.month });
  if (params.page > 1) query.set('page', String(params.page));
  return `${VENDOR_MONEY_PATH}?${query.toString()}`;
}
