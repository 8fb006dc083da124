import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/** GET /api/v1/payments/config (docs/contracts.md, "Buying"): which payment provider runs, and how. */

export type PaymentsConfig = Schema<'PaymentConfig'>;

export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: ({ signal }): Promise<PaymentsConfig> => api.get('/api/v1/payments/config', { signal }),
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
