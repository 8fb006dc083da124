'use client';

import { useEffect, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Skeleton } from '@/components/ui/skeleton';
import { roleOf, useProfile } from '@/lib/account/profile';
import type { Role } from '@/lib/auth/types';
import { useSession, type SessionState } from '@/lib/auth/use-session';

export type GuardVerdict = 'loading' | 'sign-in' | 'wrong-role' | 'allow';

/**
 * SPEC §4 "Role guard": loading shows skeletons; signed out goes to /login; a role other than the
 * required one goes to / (an exact match: an admin does not pass a vendor guard); otherwise the
 * page shows. Without a role, any signed-in user passes. A profile that fails to load counts as
 * customer (SPEC §6).
 */
export function guardVerdict(
  session: SessionState['status'],
  required: Role | undefined,
  profile: { isPending: boolean; isError: boolean; role: string | undefined },
): GuardVerdict {
  if (session === 'loading') return 'loading';
  if (session === 'signed-out') return 'sign-in';
  if (!required) return 'allow';
  if (profile.isPending && !profile.isError) return 'loading';
  const role = profile.isError ? 'customer' : roleOf({ role: profile.role ?? '' });
  return role === required ? 'allow' : 'wrong-role';
}

export const SIGN_IN_PATH = '/login/';

export function RoleGuard({
  role,
  fallback,
  children,
}: {
  /** The exact role needed; leave out to let any signed-in user in. */
  role?: Role;
  /** Shown while loading or redirecting; a generic page skeleton by default. */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { status } = useSession();
  // The role is only read when the page needs one.
  const profile = useProfile({ enabled: role !== undefined });
  const router = useRouter();
  const verdict = guardVerdict(status, role, {
    isPending: profile.isPending,
    isError: profile.isError,
    role: profile.data?.role,
  });

  useEffect(() => {
    if (verdict === 'sign-in') router.replace(SIGN_IN_PATH);
    else if (verdict === 'wrong-role') router.replace('/');
  }, [verdict, router]);

  if (verdict === 'allow') return children;
  return fallback ?? <PageSkeleton />;
}

function PageSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="role-guard-skeleton">
      <span className="sr-only" role="status">
        Loading
      </span>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
