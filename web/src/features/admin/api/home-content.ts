import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';

/**
 * The home page's hero slides and banners, for admins: GET /api/v1/admin/settings/home, PUT to
 * change them (all problems answered at once: 400 with `error.fields` under `slides.0.title`-like
 * names, or `slides` / `banners` for their number), DELETE to go back to the built-in content.
 * Each answers the content as kept (trimmed), with `is_default` when it is the built-in one.
 */

export type HeroSlide = Schema<'HeroSlideBody'>;
export type HomeBanner = Schema<'HomeBannerBody'>;
/** What a save sends. */
export type HomeContent = Schema<'HomeContentBody'>;
export type AdminHomeContent = Schema<'AdminHomeContent'>;

/** The storefront's copy (features/home/api/home-content.ts), read again after a change. */
const PUBLIC_HOME_KEY = ['settings', 'home'] as const;

export function adminHomeContentQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'home'] as const,
    queryFn: ({ signal }): Promise<AdminHomeContent> => api.get('/api/v1/admin/settings/home', { signal }),
    staleTime: 0,
  });
}

export function useAdminHomeContent() {
  return useQuery(adminHomeContentQueryOptions());
}

function kept(queryClient: QueryClient, content: AdminHomeContent) {
  queryClient.setQueryData(adminHomeContentQueryOptions().queryKey, content);
  return queryClient.invalidateQueries({ queryKey: PUBLIC_HOME_KEY });
}

/** Saves the slides and banners (PUT replaces both lists). */
export function useSaveHomeContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HomeContent): Promise<AdminHomeContent> => api.put('/api/v1/admin/settings/home', { body: input }),
    onSuccess: (saved) => kept(queryClient, saved),
  });
}

/** Puts the built-in slides and banners back. */
export function useResetHomeContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AdminHomeContent> => api.delete('/api/v1/admin/settings/home'),
    onSuccess: (content) => kept(queryClient, content),
  });
}
