import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET /api/v1/payments/config (docs/contracts.md, "Buying"): which payment provider runs, and how. */

export interface PaymentsConfig {
  provider: string;
  /** sandbox, live or simulator. */
  mode: string;
  test_payments: boolean;
}

export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: ({ signal }) => apiGet<PaymentsConfig>('/api/v1/payments/config', { signal }),
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
