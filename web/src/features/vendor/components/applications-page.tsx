'use client';

import Link from 'next/link';
import { EmptyState, ErrorState, ListSkeleton, PageHeader } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { StatusTimeline } from '@/components/area/status-timeline';
import { applicationStatus, formatDate, formatDateTime } from '@/lib/selling/statuses';
import type { Application } from '@/lib/selling/types';
import { useMyApplications } from '@/features/vendor/api/applications';

export const APPLY_PATH = '/vendor/apply/';

const BUTTON_LINK =
  'inline-flex h-10 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800';

/** "Reason: …" for a rejection, "Changes requested: …" for changes; nothing otherwise. */
export function decisionText(application: Pick<Application, 'status' | 'decision_message'>): string | null {
  if (!application.decision_message) return null;
  if (application.status === 'rejected') return `Reason: ${application.decision_message}`;
  if (application.status === 'changes_requested') return `Changes requested: ${application.decision_message}`;
  return null;
}

/** /vendor/applications: the signed-in user's applications, newest first, with their history. */
export function ApplicationsPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useMyApplications();

  return (
    <>
      <PageHeader title="Your applications" description="Every application to sell on the site, and what was decided." />
      {isPending ? (
        <ListSkeleton rows={2} label="Loading your applications" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.applications.length === 0 ? (
        <EmptyState title="No applications yet">
          <p className="text-neutral-600">Open your own store: it takes a few minutes to apply.</p>
          <Link href={APPLY_PATH} className={BUTTON_LINK}>
            Apply to sell
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-5" aria-label="Applications">
          {data.applications.map((application, index) => (
            <li key={application.id}>
              <ApplicationCard application={application} latest={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ApplicationCard({ application, latest }: { application: Application; latest: boolean }) {
  const { label, tone } = applicationStatus(application.status);
  const decision = decisionText(application);
  const canResubmit = latest && (application.status === 'rejected' || application.status === 'changes_requested');
  return (
    <article
      className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-6"
      aria-labelledby={`application-${application.id}`}
      data-testid="application"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`application-${application.id}`} className="text-lg font-semibold text-neutral-900">
            {application.store_name}
          </h2>
          <p className="text-sm text-neutral-600">
            /store/{application.store_slug} · Submitted {formatDate(application.submitted_at)}
          </p>
        </div>
        <StatusBadge label={label} tone={tone} />
      </div>
      {decision ? (
        <p
          className="mt-4 rounded-md bg-neutral-100 px-4 py-3 text-sm whitespace-pre-line text-neutral-800"
          data-testid="decision-message"
        >
          {decision}
        </p>
      ) : null}
      {application.status === 'approved' ? (
        <p className="mt-4 text-sm text-neutral-700">
          Your store is ready.{' '}
          <Link href="/vendor/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Go to your vendor dashboard
          </Link>
        </p>
      ) : null}
      <div className="mt-5">
        <h3 className="mb-3 text-sm font-semibold text-neutral-900">History</h3>
        <StatusTimeline
          entries={application.history}
          look={applicationStatus}
          formatTime={formatDateTime}
          label={`History of ${application.store_name}`}
        />
      </div>
      {canResubmit ? (
        <div className="mt-5">
          <Link href={APPLY_PATH} className={BUTTON_LINK}>
            Edit and resubmit
          </Link>
        </div>
      ) : null}
    </article>
  );
}
