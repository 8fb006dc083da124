'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { ErrorState, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { roleOf, useProfile } from '@/lib/account/profile';
import { applicationStatus, formatDate } from '@/lib/selling/statuses';
import type { Application } from '@/lib/selling/types';
import { useBanks, useMyApplications } from '@/features/vendor/api/applications';
import { useCurrentAgreement } from '@/features/vendor/api/agreements';
import { ApplicationForm } from '@/features/vendor/components/application-form';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

export const APPLICATIONS_PATH = '/vendor/applications/';

/** Which face /vendor/apply shows, from the user's role and their newest application. */
export type ApplyState =
  | { kind: 'vendor' }
  | { kind: 'admin' }
  | { kind: 'pending'; application: Application }
  | { kind: 'approved'; application: Application }
  | { kind: 'form'; resubmit?: Application };

export function applyState(role: string, applications: readonly Application[]): ApplyState {
  if (role === 'vendor') return { kind: 'vendor' };
  if (role === 'admin') return { kind: 'admin' };
  const latest = applications[0];
  if (!latest) return { kind: 'form' };
  if (latest.status === 'submitted') return { kind: 'pending', application: latest };
  if (latest.status === 'approved') return { kind: 'approved', application: latest };
  if (latest.status === 'changes_requested' || latest.status === 'rejected') return { kind: 'form', resubmit: latest };
  return { kind: 'form' };
}

/** /vendor/apply: any signed-in user applies to sell here, or resubmits an application sent back. */
export function ApplyPage() {
  const router = useRouter();
  const profile = useProfile();
  const applications = useMyApplications();
  const agreement = useCurrentAgreement();
  const banks = useBanks();

  const failed = [applications, agreement, banks].find((query) => query.isError);
  if (failed) {
    return (
      <>
        <PageHeader title="Apply to sell" />
        <ErrorState
          title="The application form could not be loaded"
          error={failed.error}
          onRetry={() => {
            void applications.refetch();
            void agreement.refetch();
            void banks.refetch();
          }}
        />
      </>
    );
  }
  if (profile.isPending || !applications.data || !agreement.data || !banks.data) {
    return <PageSkeleton label="Loading the application form" />;
  }

  const state = applyState(roleOf(profile.data), applications.data.applications);
  const resubmit = state.kind === 'form' ? state.resubmit : undefined;

  return (
    <>
      <PageHeader
        title={resubmit ? 'Edit and resubmit your application' : 'Apply to sell'}
        description={
          resubmit
            ? 'Make the changes asked for, type your account number again and resubmit.'
            : 'Tell us about your store. We review every application and reply by email and in your notifications.'
        }
      />
      {state.kind === 'vendor' ? (
        <Panel title="You already sell here">
          <p className="text-neutral-700">
            Your store is open. <Link href="/vendor/" className={LINK}>Go to your vendor dashboard</Link>.
          </p>
        </Panel>
      ) : state.kind === 'admin' ? (
        <Panel title="Admin accounts cannot apply">
          <p className="text-neutral-700">Vendors apply with their own account.</p>
        </Panel>
      ) : state.kind === 'pending' || state.kind === 'approved' ? (
        <ApplicationStatusPanel application={state.application} />
      ) : (
        <>
          {resubmit?.decision_message ? (
            <div
              role="note"
              className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
            >
              <p className="font-semibold">
                {resubmit.status === 'rejected' ? 'Reason: ' : 'Changes requested: '}
                <span className="font-normal">{resubmit.decision_message}</span>
              </p>
            </div>
          ) : null}
          <ApplicationForm
            key={resubmit?.id ?? 'new'}
            agreement={agreement.data}
            banks={banks.data.banks}
            resubmit={resubmit}
            onSubmitted={() => {
              toast.success('Application submitted');
              router.push(APPLICATIONS_PATH);
            }}
            onConflict={() => void applications.refetch()}
          />
        </>
      )}
    </>
  );
}

function ApplicationStatusPanel({ application }: { application: Application }) {
  const { label, tone } = applicationStatus(application.status);
  const approved = application.status === 'approved';
  return (
    <Panel
      title={approved ? 'Your application was approved' : 'Your application is being reviewed'}
      actions={<StatusBadge label={label} tone={tone} />}
    >
      <p className="text-neutral-700">
        <span className="font-semibold text-neutral-900">{application.store_name}</span> (/store/{application.store_slug}),
        submitted {formatDate(application.submitted_at)}.
      </p>
      <p className="mt-3 text-neutral-700">
        {approved ? (
          <>
            Your store is ready: <Link href="/vendor/" className={LINK}>go to your vendor dashboard</Link>.
          </>
        ) : (
          <>
            We will let you know when it has been decided.{' '}
            <Link href={APPLICATIONS_PATH} className={LINK}>
              See your applications
            </Link>
          </>
        )}
      </p>
    </Panel>
  );
}
