import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api/client';
import type { Agreement, AgreementInput, AgreementList } from '@/lib/selling/types';
import { adminVendorsKey } from '@/features/admin/api/vendors';
import { currentAgreementQueryOptions } from '@/features/vendor/api/agreements';

/**
 * The vendor agreement's versions, for admins: GET /api/v1/admin/vendor-agreements (newest
 * first; the first is the current one) and POST to publish a new version.
 */

/** Shown when another admin published a version while this one was being written (the API's 409). */
export const PUBLISHED_ELSEWHERE =
  'Another version was published meanwhile. The list now shows it: check it before publishing yours.';

const ROOT = ['admin', 'vendor-agreements'] as const;

export function adminAgreementsQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'list'] as const,
    queryFn: ({ signal }): Promise<AgreementList> => api.get('/api/v1/admin/vendor-agreements', { signal }),
    staleTime: 0,
  });
}

export function useAdminAgreements() {
  return useQuery(adminAgreementsQueryOptions());
}

/**
 * Publishes a new version. Afterwards (either way: a 409 means someone else published one) every
 * cache that shows the current agreement is read again: the versions here, the public current
 * agreement (/seller-signup, /vendor/apply), a vendor's overview and contracts (their standing
 * with it), and the admin's vendor list (vendors without an override pay the agreement's rate).
 */
export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgreementInput): Promise<Agreement> =>
      api.post('/api/v1/admin/vendor-agreements', { body: input }),
    onSuccess: (agreement) => {
      queryClient.setQueryData(currentAgreementQueryOptions().queryKey, agreement);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ROOT }),
        queryClient.invalidateQueries({ queryKey: currentAgreementQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminVendorsKey }),
        // vendorKey(userId) + 'overview' | 'agreements' (features/vendor/api).
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) =>
            queryKey[0] === 'vendor' && (queryKey[2] === 'overview' || queryKey[2] === 'agreements'),
        }),
      ]),
  });
}

export function isPublishedElsewhere(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
