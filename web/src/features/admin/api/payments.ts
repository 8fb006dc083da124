import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/**
 * How payments are taken, for admins: GET /api/v1/admin/settings/payments (as the server was
 * started with its --payfast-* flags, or these settings: PayFast's mode, the merchant, and where
 * PayFast's notifications (ITNs) may come from) and PUT to change it, and POST …/payments/check
 * to sign a test checkout form with the settings in effect.
 *
 * The merchant key and passphrase are never answered, only whether one is kept (`…_set`). A save
 * sends each only to change it: absent or null keeps it, "" removes it, anything else replaces
 * it. The server checks every field and answers all problems at once (400 with `error.fields`); a
 * secret it has no key to keep is refused with 409 `secret_key_missing` (the server was started
 * without BAZAAR_SECRET_KEY; `can_seal` says so beforehand).
 */

/** `server` (as the server was started) or `settings` (these settings). */
export type PaymentSource = 'server' | 'settings';
export type PaymentMode = 'simulator' | 'sandbox' | 'live';

/** `source` is a PaymentSource and `mode` a PaymentMode, as strings. */
export type PaymentSettings = Schema<'PaymentSettings'>;
export type PaymentSettingsUpdate = Schema<'PaymentSettingsUpdate'>;
export type PaymentCheck = Schema<'PaymentCheck'>;

export function paymentSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'payments'] as const,
    queryFn: ({ signal }): Promise<PaymentSettings> => api.get('/api/v1/admin/settings/payments', { signal }),
    staleTime: 0,
  });
}

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}

/** Saves how payments are taken (PUT replaces every field but the secrets); the answer is kept as the settings. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSettingsUpdate): Promise<PaymentSettings> => api.put('/api/v1/admin/settings/payments', { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(paymentSettingsQueryOptions().queryKey, saved),
  });
}

/** Signs a test checkout form with the settings in effect (as saved, not as the form holds them). */
export function useCheckPaymentSettings() {
  return useMutation({
    mutationFn: (): Promise<PaymentCheck> => api.post('/api/v1/admin/settings/payments/check'),
  });
}
