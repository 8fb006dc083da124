import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AuthError,
  challengeAndVerify,
  enrollTotp,
  fetchAuthUser,
  unenrollFactor,
} from '@/lib/auth/auth-api';
import { getAccessToken, startSession, updateStoredUser } from '@/lib/auth/session';
import type { AuthUser } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';

/** The signed-in user as GET /auth/v1/user returns it (with its factors), and TOTP enrolment. */

export const FACTOR_FRIENDLY_NAME = 'Authenticator app';

async function requireToken(): Promise<string> {
  const token = await getAccessToken();
  if (!token) throw new AuthError(401, 'no_authorization', 'Your session has ended. Please sign in again.');
  return token;
}

export function authUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['auth', 'user', userId] as const,
    queryFn: async ({ signal }) => {
      const user = await fetchAuthUser(await requireToken(), signal);
      updateStoredUser(user);
      return user;
    },
  });
}

export function useAuthUser() {
  const { user } = useSession();
  return useQuery({ ...authUserQueryOptions(user?.id ?? ''), enabled: user !== null });
}

function useSetAuthUser() {
  const queryClient = useQueryClient();
  return (user: AuthUser) => {
    queryClient.setQueryData(authUserQueryOptions(user.id).queryKey, user);
    updateStoredUser(user);
  };
}

function useRefetchAuthUser() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return () => (user ? queryClient.invalidateQueries({ queryKey: authUserQueryOptions(user.id).queryKey }) : undefined);
}

/**
 * Starts enrolment: a new unverified factor with its QR code and secret. Factors left unverified
 * by an earlier, abandoned attempt are removed first (they would clash on the name).
 */
export function useEnrollTotp(issuer: string) {
  const refetch = useRefetchAuthUser();
  return useMutation({
    mutationFn: async (existing: AuthUser | undefined) => {
      const token = await requireToken();
      for (const factor of existing?.factors ?? []) {
        if (factor.status === 'unverified') await unenrollFactor(token, factor.id);
      }
      return enrollTotp(token, FACTOR_FRIENDLY_NAME, issuer);
    },
    onSettled: refetch,
  });
}

/**
 * Verifies a new factor with a code. The server raises this session to aal2 and rotates its
 * tokens, so the returned session replaces the stored one.
 */
export function useVerifyEnrolment() {
  const setUser = useSetAuthUser();
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) =>
      challengeAndVerify(await requireToken(), factorId, code),
    onSuccess: (response) => {
      startSession(response);
      setUser(response.user);
    },
  });
}

export function useUnenrollFactor() {
  const refetch = useRefetchAuthUser();
  return useMutation({
    mutationFn: async (factorId: string) => unenrollFactor(await requireToken(), factorId),
    onSettled: refetch,
  });
}
