import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';

/**
 * Where the shop delivers, for admins: GET /api/v1/admin/settings/countries (the countries, of
 * which only South Africa can be on, since addresses are checked as South African ones, and the
 * nine provinces, each served or not) and PUT to change it (the same shape; names are ignored).
 * The server answers all problems at once (400 with `error.fields` under `countries` and
 * `provinces`); the answer to a save is the settings as kept.
 */

export type CountrySettings = Schema<'CountrySettings'>;

export function countrySettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'countries'] as const,
    queryFn: ({ signal }): Promise<CountrySettings> => api.get('/api/v1/admin/settings/countries', { signal }),
    staleTime: 0,
  });
}

export function useCountrySettings() {
  return useQuery(countrySettingsQueryOptions());
}

/**
 * Saves the countries and provinces delivered to. The answer is kept as the settings; the public
 * settings (the provinces the checkout offers) are read again.
 */
export function useSaveCountrySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CountrySettings): Promise<CountrySettings> => api.put('/api/v1/admin/settings/countries', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(countrySettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}
