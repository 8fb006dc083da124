import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, buildPath } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import { useSession } from '@/lib/auth/use-session';
import type { MoneyEntries, VendorMoney } from '@/features/money/api/money-types';

/**
 * The signed-in vendor's money: GET /api/v1/vendor/money (pending and available, the payout rules
 * and the latest payouts), GET /api/v1/vendor/money/entries (a month's postings, a page at a time)
 * and GET /api/v1/vendor/money/statement.csv and .pdf (the month's statement, downloaded).
 */

export const MONEY_ENTRIES_PER_PAGE = 20;

/** Everything cached of the vendor's money. */
export function vendorMoneyKey(userId: string) {
  return ['vendor-money', userId] as const;
}

/** The balance and payouts: the money page and the dashboard's card share it. */
export function vendorMoneyQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorMoneyKey(userId), 'summary'] as const,
    queryFn: ({ signal }): Promise<VendorMoney> => api.get('/api/v1/vendor/money', { signal }),
    staleTime: 0,
  });
}

export function useVendorMoney() {
  const { user } = useSession();
  return useQuery({ ...vendorMoneyQueryOptions(user?.id ?? ''), enabled: user !== null });
}

export interface EntryFilters {
  /** `YYYY-MM`, South African time. */
  month: string;
  page: number;
}

export function moneyEntriesQueryOptions(userId: string, filters: EntryFilters) {
  return queryOptions({
    queryKey: [...vendorMoneyKey(userId), 'entries', filters] as const,
    queryFn: ({ signal }): Promise<MoneyEntries> =>
      api.get('/api/v1/vendor/money/entries', {
        query: { month: filters.month, page: filters.page, per_page: MONEY_ENTRIES_PER_PAGE },
        signal,
      }),
    staleTime: 0,
  });
}

export function useMoneyEntries(filters: EntryFilters) {
  const { user } = useSession();
  return useQuery({
    ...moneyEntriesQueryOptions(user?.id ?? '', filters),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

/** The file a month's statement is saved as. */
export function statementFilename(month: string, format: 'csv' | 'pdf' = 'csv'): string {
  return `statement-${month}.${format}`;
}

/** Saves a month's statement (opening balance, every posting, closing balance) as CSV or PDF. */
export function downloadStatement(month: string, format: 'csv' | 'pdf' = 'csv'): Promise<void> {
  const path = format === 'pdf' ? '/api/v1/vendor/money/statement.pdf' : '/api/v1/vendor/money/statement.csv';
  return downloadFile(buildPath(path, null, { month }), statementFilename(month, format));
}
