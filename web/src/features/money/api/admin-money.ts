import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildPath } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import type { AdminVendor, AdminVendorList } from '@/lib/selling/types';
import { adminVendorsKey } from '@/features/admin/api/vendors';
import type {
  Adjustment,
  LedgerAccounts,
  Payout,
  PayoutRun,
  Settlement,
  VendorBalance,
} from '@/features/money/api/money-types';

/**
 * The platform's money, for admins: GET /api/v1/admin/ledger (the books' accounts), POST
 * /api/v1/admin/payouts/runs (a run, or a dry run), its bank file, POST /api/v1/admin/payouts/{id}/settle
 * and POST /api/v1/admin/vendors/{id}/adjustments. Every change reads the books again.
 */

const ROOT = ['admin', 'money'] as const;

export function ledgerQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'ledger'] as const,
    queryFn: ({ signal }): Promise<LedgerAccounts> => api.get('/api/v1/admin/ledger', { signal }),
    staleTime: 0,
  });
}

export function useLedger() {
  return useQuery(ledgerQueryOptions());
}

/** The API's largest page. */
const VENDORS_PER_PAGE = 100;
/** Enough pages for any marketplace this is meant for; the list stops there rather than loop on. */
const VENDOR_PAGES_MAX = 20;

async function allVendors(signal: AbortSignal): Promise<AdminVendor[]> {
  const vendors: AdminVendor[] = [];
  for (let page = 1; page <= VENDOR_PAGES_MAX; page += 1) {
    const list: AdminVendorList = await api.get('/api/v1/admin/vendors', {
      query: { page, per_page: VENDORS_PER_PAGE },
      signal,
    });
    vendors.push(...list.vendors);
    if (list.vendors.length < VENDORS_PER_PAGE || vendors.length >= list.total) break;
  }
  return vendors;
}

/**
 * Every store, by name as the API lists them (to choose whose balance to adjust, and to name those owed money without a
 * payout account); under the admin's vendor key, so suspending or reinstating one reads it again.
 */
export function vendorChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...adminVendorsKey, 'choices'] as const,
    queryFn: ({ signal }) => allVendors(signal),
    staleTime: 0,
  });
}

export function useVendorChoices() {
  return useQuery(vendorChoicesQueryOptions());
}

/** Makes a payout run, or with `dryRun` only shows what it would pay; a run made changes the books. */
export function useCreatePayoutRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean): Promise<PayoutRun> =>
      api.post('/api/v1/admin/payouts/runs', { body: { dry_run: dryRun } }),
    onSuccess: (run) => (run.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: ROOT })),
  });
}

/** Settles a sent payout as paid, or failed with a reason (its money goes back to the vendor's available balance). */
export function useSettlePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, settlement }: { id: string; settlement: Settlement }): Promise<Payout> =>
      api.post('/api/v1/admin/payouts/{id}/settle', { path: { id }, body: settlement }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** Credits (positive) or debits (negative) a vendor's available balance, with a reason. */
export function useAdjustVendorBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, adjustment }: { vendorId: string; adjustment: Adjustment }): Promise<VendorBalance> =>
      api.post('/api/v1/admin/vendors/{id}/adjustments', { path: { id: vendorId }, body: adjustment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** The file a run's bank file is saved as. */
export function bankFilename(runId: string): string {
  return `payouts-${runId.slice(0, 8)}.csv`;
}

/** Saves a run's bank file (account holder, account number, branch code, amount, reference) as CSV. */
export function downloadBankFile(runId: string): Promise<void> {
  return downloadFile(buildPath('/api/v1/admin/payouts/runs/{id}/bank-file', { id: runId }), bankFilename(runId));
}
