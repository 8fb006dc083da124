import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { profileQueryOptions, updateProfile } from '@/lib/account/profile';
import { useSession } from '@/lib/auth/use-session';
import {
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  subscribeTheme,
  type ResolvedTheme,
  type ThemePreference,
} from '@/lib/theme/theme';

/** SPEC §8 "Theme". */
export const THEME_SYNC_FAILED_TITLE = 'Theme saved locally';
export const THEME_SYNC_FAILED = 'Could not sync theme to your profile, but it was saved locally';

const SERVER_SNAPSHOT = 'system:light';

function snapshot(): string {
  const preference = readThemePreference();
  return `${preference}:${resolveTheme(preference)}`;
}

/** The stored choice and the theme it gives now ('system' / light until hydrated). */
export function useTheme(): { preference: ThemePreference; resolved: ResolvedTheme } {
  const value = useSyncExternalStore(subscribeTheme, snapshot, () => SERVER_SNAPSHOT);
  const [preference, resolved] = value.split(':') as [ThemePreference, ResolvedTheme];
  return { preference, resolved };
}

/**
 * Chooses a theme: stored and applied here at once, then, when signed in, saved to the profile.
 * If that fails the choice stays, and a toast says so.
 */
export function useSetTheme(): (preference: ThemePreference) => void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useCallback(
    (preference: ThemePreference) => {
      saveThemePreference(preference);
      if (!userId) return;
      updateProfile({ theme: preference })
        .then((data) => queryClient.setQueryData(profileQueryOptions(userId).queryKey, data))
        .catch(() => toast.warning(THEME_SYNC_FAILED_TITLE, { description: THEME_SYNC_FAILED }));
    },
    [queryClient, userId],
  );
}
