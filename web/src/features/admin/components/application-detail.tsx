'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState, PageSkeleton, Panel, errorMessage } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { StatusTimeline } from '@/components/area/status-timeline';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { applicationStatus, formatDateTime } from '@/lib/selling/statuses';
import type { Application, DecisionKind } from '@/lib/selling/types';
import {
  DECIDED_ELSEWHERE,
  isDecidedElsewhere,
  useAdminApplication,
  useDecideApplication,
} from '@/features/admin/api/applications';

/** One application, everything in it, and the decision while it is submitted. */
export function ApplicationDetail({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminApplication(id);
  if (isPending) return <PageSkeleton label="Loading the application" />;
  if (isError) {
    return (
      <>
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-neutral-900">Application</h1>
        <ErrorState
          title={error instanceof ApiError && error.isNotFound ? 'Application not found' : undefined}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </>
    );
  }
  return <Detail key={data.id} application={data} />;
}

function Detail({ application }: { application: Application }) {
  const { label, tone } = applicationStatus(application.status);
  // Kept here: the application read again after a 409 is no longer submitted, and the decision
  // panel goes away with it.
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);
  return (
    <article className="flex flex-col gap-6" data-testid="application-detail">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{application.store_name}</h1>
          <p className="mt-1 text-sm text-neutral-600">
            /store/{application.store_slug} · submitted {formatDateTime(application.submitted_at)}
          </p>
        </div>
        <StatusBadge label={label} tone={tone} className="text-sm" />
      </header>

      {decidedElsewhere ? (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {DECIDED_ELSEWHERE}. It now reads as below.
        </div>
      ) : application.status === 'submitted' ? (
        <DecisionPanel application={application} onDecidedElsewhere={() => setDecidedElsewhere(true)} />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Store">
          <Facts
            rows={[
              ['Store name', application.store_name],
              ['Store address', `/store/${application.store_slug}`],
              ['Category focus', application.category_focus],
              ['Contact phone', application.contact_phone],
              ['Company registration', application.company_registration ?? 'Not given'],
              ['VAT number', application.vat_number ?? 'Not given'],
              ['Agreement accepted', `Version ${application.agreement_version}`],
            ]}
          />
          <h3 className="mt-5 text-sm font-semibold text-neutral-900">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-neutral-700">{application.description}</p>
        </Panel>
        <div className="flex flex-col gap-6">
          <Panel title="Applicant">
            <Facts
              rows={[
                ['Name', application.applicant.full_name || 'Not given'],
                ['Email', application.applicant.email],
              ]}
            />
          </Panel>
          <Panel title="Payout account">
            <Facts
              rows={[
                ['Bank', application.bank.bank_name],
                ['Account holder', application.bank.account_holder],
                ['Account number', application.bank.account_number_masked],
                ['Branch code', application.bank.branch_code],
              ]}
            />
          </Panel>
        </div>
      </div>

      <Panel title="History">
        <StatusTimeline entries={application.history} look={applicationStatus} formatTime={formatDateTime} />
      </Panel>
    </article>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-600">{term}</dt>
          <dd className="break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const DECISIONS: Record<Exclude<DecisionKind, 'approve'>, { field: string; submit: string; done: string }> = {
  reject: { field: 'Reason for rejecting', submit: 'Reject application', done: 'Application rejected' },
  request_changes: { field: 'Changes to ask for', submit: 'Request changes', done: 'Changes requested' },
};

export const MESSAGE_REQUIRED = 'Tell the applicant why';

/**
 * Approve at once, or reject or request changes with a message for the applicant (required).
 * A 409 means another admin decided first: it says so, and the application is read again.
 */
export function DecisionPanel({
  application,
  onDecidedElsewhere,
}: {
  application: Application;
  onDecidedElsewhere: () => void;
}) {
  const decide = useDecideApplication(application.id);
  const [mode, setMode] = useState<Exclude<DecisionKind, 'approve'> | null>(null);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useId();

  function send(decision: DecisionKind, text?: string) {
    setFieldError(null);
    decide.mutate(
      { decision, message: text },
      {
        onSuccess: () => {
          toast.success(decision === 'approve' ? 'Application approved' : DECISIONS[decision].done);
          setMode(null);
        },
        onError: (error) => {
          if (isDecidedElsewhere(error)) {
            toast.error(DECIDED_ELSEWHERE);
            onDecidedElsewhere();
            return;
          }
          const field = error instanceof ApiError ? error.fields?.message : undefined;
          if (typeof field === 'string') setFieldError(field);
          else toast.error('Error', { description: errorMessage(error, 'The decision could not be saved') });
        },
      },
    );
  }

  function submitMessage(event: FormEvent) {
    event.preventDefault();
    if (!mode) return;
    const text = message.trim();
    if (!text) {
      setFieldError(MESSAGE_REQUIRED);
      return;
    }
    send(mode, text);
  }

  const busy = decide.isPending;
  return (
    <Panel title="Decision" description="The applicant is told by email and in their notifications.">
      {mode === null ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send('approve')} disabled={busy} className="h-10">
            {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Approve
          </Button>
          <Button variant="secondary" onClick={() => setMode('reject')} disabled={busy} className="h-10">
            Reject
          </Button>
          <Button variant="secondary" onClick={() => setMode('request_changes')} disabled={busy} className="h-10">
            Request changes
          </Button>
        </div>
      ) : (
        <form onSubmit={submitMessage} noValidate className="flex flex-col gap-3" aria-label={DECISIONS[mode].submit}>
          <label htmlFor={`${id}-message`} className="text-sm font-medium text-neutral-800">
            {DECISIONS[mode].field}
          </label>
          <Textarea
            id={`${id}-message`}
            rows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            autoFocus
          />
          {fieldError ? (
            <p id={`${id}-error`} className="text-sm font-medium text-sale">
              {fieldError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant={mode === 'reject' ? 'danger' : 'primary'} disabled={busy} className="h-10">
              {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              {DECISIONS[mode].submit}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              className="h-10"
              onClick={() => {
                setMode(null);
                setFieldError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
