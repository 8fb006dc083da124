import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { Agreement, AgreementAcceptance, VendorAgreements } from '@/lib/selling/types';
import { vendorKey } from '@/features/vendor/api/overview';

/**
 * The vendor agreement: GET /api/v1/vendor-agreements/current (public: /seller-signup and the
 * application form show it), and for vendors GET /api/v1/vendor/agreements and
 * POST /api/v1/vendor/agreements/{version}/accept.
 */

export function currentAgreementQueryOptions() {
  return queryOptions({
    queryKey: ['vendor-agreements', 'current'] as const,
    queryFn: ({ signal }): Promise<Agreement> => api.get('/api/v1/vendor-agreements/current', { signal }),
  });
}

export function useCurrentAgreement() {
  return useQuery(currentAgreementQueryOptions());
}

export function vendorAgreementsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorKey(userId), 'agreements'] as const,
    queryFn: ({ signal }): Promise<VendorAgreements> => api.get('/api/v1/vendor/agreements', { signal }),
    staleTime: 0,
  });
}

export function useVendorAgreements() {
  const { user } = useSession();
  return useQuery({ ...vendorAgreementsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/** Accepts an agreement version; the vendor's overview (its to-do list) and agreements are read again. */
export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (version: number): Promise<AgreementAcceptance> =>
      api.post('/api/v1/vendor/agreements/{version}/accept', { path: { version } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorKey(user?.id ?? '') }),
  });
}
