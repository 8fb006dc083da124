import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { StoreProfile, StoreProfileInput } from '@/lib/selling/types';
import { vendorKey, vendorOverviewQueryOptions } from '@/features/vendor/api/overview';
import { storeKey } from '@/features/stores/api/store';

/** GET and PUT /api/v1/vendor/store: the signed-in vendor's store page, as they edit it. */

export function storeProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorKey(userId), 'store'] as const,
    queryFn: ({ signal }): Promise<StoreProfile> => api.get('/api/v1/vendor/store', { signal }),
    staleTime: 0,
  });
}

export function useStoreProfile() {
  const { user } = useSession();
  return useQuery({ ...storeProfileQueryOptions(user?.id ?? ''), enabled: user !== null });
}

/**
 * Saves the whole store page (PUT replaces every field, so callers send the profile they loaded
 * with their changes on top: profileInput). The answer is the new profile; the dashboard and the
 * public store page are read again.
 */
export function useSaveStoreProfile() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: (input: StoreProfileInput): Promise<StoreProfile> => api.put('/api/v1/vendor/store', { body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(storeProfileQueryOptions(userId).queryKey, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorOverviewQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: storeKey(profile.store_slug) }),
      ]);
    },
  });
}

/** The request that saves `profile` unchanged; callers put their changes on top. */
export function profileInput(profile: StoreProfile): StoreProfileInput {
  return {
    store_name: profile.store_name,
    store_description: profile.store_description,
    store_logo_url: profile.store_logo_url,
    store_banner_url: profile.store_banner_url,
    accent_color: profile.accent_color,
    standard_delivery_min_days: profile.standard_delivery_min_days,
    standard_delivery_max_days: profile.standard_delivery_max_days,
    return_policy: profile.return_policy,
    social_links: { ...profile.social_links },
  };
}
