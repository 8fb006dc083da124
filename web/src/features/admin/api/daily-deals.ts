import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import type { DailyDeal, DailyDealList, DealInput } from '@/features/deals/api/deal-types';

/**
 * Daily deals, for admins: GET /api/v1/admin/daily-deals (from today on, by date, filtered by
 * status; all of them when left out) and POST …/{id}/decision: approve a proposed deal, or reject
 * a proposed or approved one before its date with a note (3 to 1000 characters) the vendor reads.
 * A decision the deal's status or date no longer allows answers 409. POST /api/v1/admin/daily-deals
 * puts any store's product on a deal directly (approved at once; from today to 90 days ahead).
 */

export type { DailyDeal, DailyDealList };
export type DealDecision = Schema<'DealDecision'>;
export type DealMoved = Schema<'DealMoved'>;

export const DAILY_DEALS_PATH = '/admin/daily-deals/';

/** The list's filter: one status, or every deal. */
export type DealFilter = 'proposed' | 'approved' | 'rejected' | 'withdrawn' | 'all';

/** The proposals waiting for a decision come first. */
export const DEFAULT_DEAL_FILTER: DealFilter = 'proposed';

export const DEAL_FILTERS: readonly { value: DealFilter; label: string }[] = [
  { value: 'proposed', label: 'Proposed' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'all', label: 'All' },
];

/** /admin/daily-deals/?status=…; anything unknown (or nothing) is the proposals. */
export function dealFilterFrom(params: { get(name: string): string | null } | null): DealFilter {
  const status = params?.get('status') ?? '';
  return DEAL_FILTERS.find((option) => option.value === status)?.value ?? DEFAULT_DEAL_FILTER;
}

/** The list's address for `filter` (the default is left out). */
export function dealsHref(filter: DealFilter): string {
  return filter === DEFAULT_DEAL_FILTER ? DAILY_DEALS_PATH : `${DAILY_DEALS_PATH}?status=${filter}`;
}

const ROOT = ['admin', 'daily-deals'] as const;

/** Every cached admin deal list; decisions invalidate through it. */
export const adminDealsKey = ROOT;

export function adminDealsQueryOptions(filter: DealFilter) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filter] as const,
    queryFn: ({ signal }): Promise<DailyDealList> =>
      api.get('/api/v1/admin/daily-deals', {
        query: { status: filter === 'all' ? undefined : filter },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminDeals(filter: DealFilter) {
  return useQuery(adminDealsQueryOptions(filter));
}

/** Approve, or reject with the note the vendor reads. */
export type DealChoice = { approve: true } | { approve: false; note: string };

/**
 * Decides one deal. Either way (a 409 means the deal moved meanwhile) every deal list is read
 * again, and so are the storefront's product queries (root key 'products'), whose daily deals
 * are the approved ones of the day.
 */
export function useDecideDeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: DealChoice): Promise<DealMoved> =>
      api.post('/api/v1/admin/daily-deals/{id}/decision', { path: { id }, body: choice }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}

/**
 * Schedules a deal: any store's product without variations, from today on, below today's price.
 * A 400 names the refused fields (product_id, deal_date, deal_price_cents); a 409 `deal_taken`
 * says the product already has a deal that day. The deal lists and the storefront's product
 * queries (a deal for today changes the price at once) are read again.
 */
export function useScheduleDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Answers the deal, approved. */
    mutationFn: (input: DealInput): Promise<DailyDeal> => api.post('/api/v1/admin/daily-deals', { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
