import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';

/**
 * The tracking tools, for admins: GET /api/v1/admin/settings/tracking (GA4, a Google Ads
 * conversion with a label per event, Hotjar and the Meta Pixel, each with its on switch) and PUT
 * to change them. The server checks every field and answers all problems at once (400 with
 * `error.fields`, e.g. `ga4.measurement_id`, `google_ads.labels.purchase`); the answer to a save
 * is the settings as kept (ids trimmed, the GA4 id upper-cased).
 */

export type TrackingSettings = Schema<'TrackingBody'>;

export function trackingSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'tracking'] as const,
    queryFn: ({ signal }): Promise<TrackingSettings> => api.get('/api/v1/admin/settings/tracking', { signal }),
    staleTime: 0,
  });
}

export function useTrackingSettings() {
  return useQuery(trackingSettingsQueryOptions());
}

/**
 * Saves the tracking tools (PUT replaces every field). The answer is kept as the settings; the
 * public settings (which tools the storefront offers and loads after consent) are read again.
 */
export function useSaveTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackingSettings): Promise<TrackingSettings> =>
      api.put('/api/v1/admin/settings/tracking', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(trackingSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
    },
  });
}
