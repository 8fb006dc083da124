'use client';

import { useEffect, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ShieldAlert } from 'lucide-react';
import { guardVerdict } from '@/components/auth/role-guard';
import type { AreaConfig } from '@/components/area/area-config';
import { PageSkeleton } from '@/components/area/area-states';
import { useProfile } from '@/lib/account/profile';
import { signInPath } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/use-session';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * The role check of an area's pages, on the client (the server checks every call as well):
 * while the session or role loads, a skeleton; signed out, off to sign in, returning here
 * afterwards; a role other than the page's (an exact match, SPEC §6), a screen that says so with
 * a way out; otherwise the page.
 *
 * The role is read again each time the area is entered, so a customer whose application was
 * approved a minute ago gets in without signing in again (the cached profile still says customer).
 */
export function AreaGuard({
  area,
  pathname,
  children,
}: {
  area: AreaConfig;
  pathname: string;
  children: ReactNode;
}) {
  const required = area.requiredRole(pathname);
  const { status } = useSession();
  const profile = useProfile();
  const router = useRouter();
  const verdict = guardVerdict(status, required, {
    isPending: profile.isPending,
    isError: profile.isError,
    role: profile.data?.role,
  });

  const { refetch } = profile;
  useEffect(() => {
    if (status === 'signed-in') void refetch();
  }, [status, refetch]);

  useEffect(() => {
    if (verdict !== 'sign-in') return;
    const { search, hash } = window.location;
    router.replace(signInPath(`${pathname}${search}${hash}`));
  }, [verdict, pathname, router]);

  if (verdict === 'allow') return children;
  // A role that may just have changed is confirmed before the door is shut.
  if (verdict === 'wrong-role' && !profile.isFetching) return <AccessDenied denied={area.denied} />;
  return <PageSkeleton />;
}

function AccessDenied({ denied }: { denied: AreaConfig['denied'] }) {
  return (
    <div
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-6 py-10 text-center"
      data-testid="area-access-denied"
    >
      <ShieldAlert aria-hidden="true" className="size-10 text-neutral-400" />
      <h1 className="text-xl font-semibold text-neutral-900">{denied.title}</h1>
      <p className="text-neutral-600">{denied.message}</p>
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        {denied.action ? (
          <Link href={denied.action.href} className={LINK}>
            {denied.action.label}
          </Link>
        ) : null}
        <Link href="/" className={LINK}>
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
