'use client';

import Link from 'next/link';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { PageHeader } from '@/components/area/area-states';
import { useApplicationCount } from '@/features/admin/api/applications';
import { useVendorCount } from '@/features/admin/api/vendors';

/** /admin: what waits for the admins: applications to decide, and the vendors by status. */
export function AdminDashboardPage() {
  const submitted = useApplicationCount('submitted');
  const approved = useVendorCount('approved');
  const pending = useVendorCount('pending');
  const suspended = useVendorCount('suspended');

  return (
    <>
      <PageHeader title="Admin Panel" description="What needs your attention." />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="applications-heading">
          <h2 id="applications-heading" className="mb-3 text-lg font-semibold text-neutral-900">
            Applications
          </h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            <CountCard label="Waiting for a decision" count={submitted} href="/admin/applications/" />
          </ul>
        </section>
        <section aria-labelledby="vendors-heading">
          <h2 id="vendors-heading" className="mb-3 text-lg font-semibold text-neutral-900">
            Vendors
          </h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            <CountCard label="Approved" count={approved} href="/admin/vendors/?status=approved" />
            <CountCard label="Pending" count={pending} href="/admin/vendors/?status=pending" />
            <CountCard label="Suspended" count={suspended} href="/admin/vendors/?status=suspended" />
          </ul>
        </section>
      </div>
    </>
  );
}

function CountCard({ label, count, href }: { label: string; count: UseQueryResult<number>; href: string }) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-center gap-3 rounded-xl border border-neutral-200 bg-white px-4 py-4 hover:border-brand-600"
        data-testid="count-card"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-sm text-neutral-600">{label}</span>
          <span className="mt-1 block text-3xl font-semibold text-neutral-900 tabular-nums">
            {count.isPending ? (
              <span aria-hidden="true" className="inline-block h-9 w-12 animate-pulse rounded-md bg-neutral-200" />
            ) : count.isError ? (
              <span className="text-base font-normal text-neutral-600">Could not be counted</span>
            ) : (
              count.data
            )}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 text-neutral-500" />
      </Link>
    </li>
  );
}
