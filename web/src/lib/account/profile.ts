import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Role } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';
import type { ThemePreference } from '@/lib/theme/theme';

/** GET and PATCH /api/v1/profile: the signed-in user's role, name, avatar and theme. */

export interface Profile {
  id: string;
  role: string;
  full_name: string;
  avatar_url: string | null;
  theme: ThemePreference;
}

export interface ProfileResponse {
  profile: Profile;
}

/** Absent fields stay as they are; `avatar_url: null` removes the avatar. */
export interface ProfileUpdate {
  full_name?: string;
  avatar_url?: string | null;
  theme?: ThemePreference;
}

export function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get('/api/v1/profile', { signal });
}

export function updateProfile(update: ProfileUpdate): Promise<ProfileResponse> {
  return api.patch('/api/v1/profile', { body: update });
}

/** Keyed by user, so one account never sees another's cached profile. */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['profile', userId] as const,
    queryFn: ({ signal }) => fetchProfile(signal),
    select: (data) => data.profile,
  });
}

/** The signed-in user's profile; idle while signed out (or when `enabled` is false). */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({ ...profileQueryOptions(user?.id ?? ''), enabled: enabled && user !== null });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      if (user) queryClient.setQueryData(profileQueryOptions(user.id).queryKey, data);
    },
  });
}

const ROLES: readonly Role[] = ['customer', 'vendor', 'admin'];

/** customer when the profile has no known role or could not be loaded (SPEC §6). */
export function roleOf(profile: Pick<Profile, 'role'> | null | undefined): Role {
  const role = profile?.role as Role | undefined;
  return role && ROLES.includes(role) ? role : 'customer';
}

/** The name to show: the profile's, else the one given at sign-up, else "User" (SPEC §2). */
export function displayName(profile: Profile | undefined, metadataName: unknown): string {
  const fromProfile = profile?.full_name?.trim();
  if (fromProfile) return fromProfile;
  return typeof metadataName === 'string' && metadataName.trim() ? metadataName.trim() : 'User';
}
