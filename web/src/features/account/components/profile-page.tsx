'use client';

import { Suspense } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import * as Tabs from '@radix-ui/react-tabs';
import { RoleGuard } from '@/components/auth/role-guard';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { displayName, useProfile } from '@/lib/account/profile';
import { useSession } from '@/lib/auth/use-session';
import { PROFILE_TABS, profileTabHref, tabFromParam } from '@/features/account/components/profile-tabs';

/** /profile/: any signed-in user (SPEC §2 "Signed-in routes"), with its tabs in the URL. */
export function ProfilePage() {
  return (
    <RoleGuard fallback={<ProfilePageSkeleton />}>
      <Suspense fallback={<ProfilePageSkeleton />}>
        <ProfileContent />
      </Suspense>
    </RoleGuard>
  );
}

function ProfileContent() {
  const searchParams = useSearchParams();
  const router = useRouter();
  const { user } = useSession();
  const { data: profile } = useProfile();
  const active = tabFromParam(searchParams?.get('tab'));
  const name = displayName(profile, user?.user_metadata?.full_name);

  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <header className="flex items-center gap-4">
        <Avatar name={name} imageUrl={profile?.avatar_url} size="xl" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Profile &amp; Settings</h1>
          <p className="truncate text-sm text-neutral-600">
            {name} · {user?.email}
          </p>
        </div>
      </header>
      <Tabs.Root
        value={active.id}
        onValueChange={(id) => router.replace(profileTabHref(id), { scroll: false })}
        className="flex flex-col gap-6"
      >
        <Tabs.List
          aria-label="Account sections"
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-neutral-200 px-4 sm:mx-0 sm:px-0"
        >
          {PROFILE_TABS.map(({ id, label, icon: Icon }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map(({ id, Panel }) => (
          <Tabs.Content key={id} value={id} className="rounded-md">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

export function ProfilePageSkeleton() {
  return (
    <div className="flex flex-col gap-6 sm:gap-8" aria-busy="true" data-testid="profile-skeleton">
      <span className="sr-only" role="status">
        Loading your profile
      </span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full sm:size-16" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-48" />
        </div>
      </div>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
