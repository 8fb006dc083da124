import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';

/**
 * The branding, for admins: GET /api/v1/admin/settings/branding (logo, favicon, a brand and a sale
 * colour per theme, fonts) and PUT to change it. The server checks every field, colours' contrast
 * included, and answers all problems at once (400 with `error.fields`); until colours were saved
 * it answers the built-in ones with `custom_colours: false`.
 */
export type BrandingSettings = Schema<'BrandingBody'>;

/** What a save sends: the read-only parts may be left out. */
export type BrandingSettingsInput = Omit<BrandingSettings, 'custom_colours' | 'fonts'>;

export function brandingSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'branding'] as const,
    queryFn: ({ signal }): Promise<BrandingSettings> => api.get('/api/v1/admin/settings/branding', { signal }),
    staleTime: 0,
  });
}

export function useBrandingSettings() {
  return useQuery(brandingSettingsQueryOptions());
}

/**
 * Saves the branding (PUT replaces every field). The answer is kept as the settings; the public
 * settings are read again, so the site (the admin's own page too) takes the new look at once.
 */
export function useSaveBrandingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandingSettingsInput): Promise<BrandingSettings> =>
      api.put('/api/v1/admin/settings/branding', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}
