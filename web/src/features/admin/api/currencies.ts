import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';

/**
 * The display currencies, for admins: GET /api/v1/admin/settings/currencies (the store currency,
 * which stays ZAR because PayFast takes payments in rand only, and each currency with how it is
 * written, whether it is offered and its rate: how many units one rand buys, "1" for the store
 * currency) and PUT to change them. The server answers all problems at once (400 with
 * `error.fields` under `currencies.<CODE>.<field>` and `store_currency`).
 */

/** `rate`: a decimal string with up to 6 decimals ("0.054321"); null when none is set. */
export type CurrencySetting = Schema<'CurrencySetting'>;
export type CurrencySettings = Schema<'CurrencySettings'>;

export function currencySettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'currencies'] as const,
    queryFn: ({ signal }): Promise<CurrencySettings> => api.get('/api/v1/admin/settings/currencies', { signal }),
    staleTime: 0,
  });
}

export function useCurrencySettings() {
  return useQuery(currencySettingsQueryOptions());
}

/**
 * Saves the currencies. The answer is kept as the settings; the public settings (the currencies
 * the footer offers and their rates) are read again.
 */
export function useSaveCurrencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CurrencySettings): Promise<CurrencySettings> => api.put('/api/v1/admin/settings/currencies', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(currencySettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}
