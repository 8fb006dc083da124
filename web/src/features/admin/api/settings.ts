import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';

/**
 * The general settings, for admins: GET /api/v1/admin/settings/general (the store's details,
 * shipping, VAT and the points earn rate) and PUT to change them. Every field is checked by the
 * server and all problems answered at once (400 with `error.fields`); the answer to a save is
 * the settings as kept (email lower-cased, phone as +27…, amounts with two decimals).
 */

export type GeneralSettings = Schema<'GeneralSettingsBody'>;

const ROOT = ['admin', 'settings'] as const;

export function generalSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'general'] as const,
    queryFn: ({ signal }): Promise<GeneralSettings> => api.get('/api/v1/admin/settings/general', { signal }),
    staleTime: 0,
  });
}

export function useGeneralSettings() {
  return useQuery(generalSettingsQueryOptions());
}

/**
 * Saves the general settings (PUT replaces every field; points_per_rand is fixed and left out).
 * The answer is kept as the settings; the public settings (the storefront's shipping hint and
 * VAT) are read again.
 */
export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneralSettings): Promise<GeneralSettings> =>
      api.put('/api/v1/admin/settings/general', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(generalSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}

/**
 * The advanced settings, for admins: GET /api/v1/admin/settings/advanced (maintenance mode,
 * sign-ups, product review of new stores, stock holds and the rate limits) and PUT to change them.
 * As with the general settings, the server checks every field and answers all problems at once
 * (400 with `error.fields`; a rate limit's under `rate_limits.<name>`).
 *
 */
export type AdvancedSettings = Schema<'AdvancedSettingsBody'>;
export type RateLimitNumbers = Schema<'RateLimitNumbers'>;

/** What a save sends: the window is the server's own and may be left out. */
export type AdvancedSettingsInput = Omit<AdvancedSettings, 'rate_limit_window_seconds'> &
  Partial<Pick<AdvancedSettings, 'rate_limit_window_seconds'>>;

export function advancedSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'advanced'] as const,
    queryFn: ({ signal }): Promise<AdvancedSettings> => api.get('/api/v1/admin/settings/advanced', { signal }),
    staleTime: 0,
  });
}

export function useAdvancedSettings() {
  return useQuery(advancedSettingsQueryOptions());
}

/**
 * Saves the advanced settings (PUT replaces every field). The answer is kept as the settings; the
 * public settings (maintenance mode and whether sign-ups are open) are read again.
 */
export function useSaveAdvancedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdvancedSettingsInput): Promise<AdvancedSettings> =>
      api.put('/api/v1/admin/settings/advanced', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(advancedSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}
