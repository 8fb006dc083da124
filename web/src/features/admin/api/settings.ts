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
