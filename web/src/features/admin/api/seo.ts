import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/**
 * What search engines and link previews are told, for admins: GET /api/v1/admin/settings/seo (the
 * title and description of pages without their own, the picture link previews show, and which
 * pages the sitemap at /sitemap.xml lists) and PUT to change it. The server checks every field and
 * answers all problems at once (400 with `error.fields`); the answer to a save is the settings as
 * kept (trimmed).
 */

/** `social_image_url`: none when null, absent or empty. */
export type SeoSettings = Schema<'SeoSettings'>;

export function seoSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'seo'] as const,
    queryFn: ({ signal }): Promise<SeoSettings> => api.get('/api/v1/admin/settings/seo', { signal }),
    staleTime: 0,
  });
}

export function useSeoSettings() {
  return useQuery(seoSettingsQueryOptions());
}

/** Saves the SEO settings (PUT replaces every field); the answer is kept as the settings. */
export function useSaveSeoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeoSettings): Promise<SeoSettings> => api.put('/api/v1/admin/settings/seo', { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(seoSettingsQueryOptions().queryKey, saved),
  });
}
