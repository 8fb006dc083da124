'use client';

import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, Loader2, X } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCommission } from '@/lib/selling/commission';
import { formatDate } from '@/lib/selling/statuses';
import type { Agreement, AgreementInput } from '@/lib/selling/types';
import { isPublishedElsewhere, PUBLISHED_ELSEWHERE, useAdminAgreements, usePublishAgreement } from '@/features/admin/api/agreements';
import {
  AGREEMENT_FIELDS,
  AGREEMENT_LIMITS,
  agreementFormValues,
  agreementInput,
  agreementSchema,
  type AgreementFormInput,
  type AgreementFormValues,
} from '@/features/admin/lib/agreement-schema';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';
import { AgreementTerms } from '@/features/vendor/components/agreement-terms';

/** What the confirm dialog warns of before version `version` is published. */
export function publishWarning(version: number): string {
  return `Every vendor will have to accept version ${version} before publishing products again.`;
}

/** /admin/agreements: every version of the vendor agreement, and publishing a new one. */
export function AdminAgreementsPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminAgreements();
  const header = (
    <PageHeader
      title="Agreements"
      description="The vendor agreement every store sells under. A new version becomes the current one at once; vendors accept it before publishing products again."
    />
  );
  if (isPending) return <PageSkeleton label="Loading the agreements" />;
  if (isError) {
    return (
      <>
        {header}
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  const { agreements } = data;
  const current = agreements[0];
  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <section aria-labelledby="versions-heading">
          <h2 id="versions-heading" className="mb-3 text-lg font-semibold text-neutral-900">
            Versions
          </h2>
          {agreements.length === 0 ? (
            <EmptyState title="No versions yet">
              <p className="text-neutral-600">Publish the first version of the vendor agreement below.</p>
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Agreement versions" aria-busy={isFetching || undefined}>
              {agreements.map((agreement) => (
                <li key={agreement.id}>
                  <VersionCard agreement={agreement} current={agreement.id === current?.id} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <PublishForm current={current} />
      </div>
    </>
  );
}

function VersionCard({ agreement, current }: { agreement: Agreement; current: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const headingId = `${id}-heading`;
  const termsId = `${id}-terms`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn('rounded-xl border bg-white p-4 sm:p-5', current ? 'border-brand-600' : 'border-neutral-200')}
      data-testid="agreement-version"
      data-current={current || undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-neutral-900">
            {`Version ${agreement.version} · ${agreement.title}`}
          </h3>
        </div>
        {current ? <StatusBadge label="Current" tone="success" /> : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline text-neutral-600">Commission: </dt>
          <dd className="inline text-neutral-900" data-testid="agreement-commission">
            {formatCommission(agreement.commission_rate_bps)}
          </dd>
        </div>
        <div>
          <dt className="inline text-neutral-600">Payouts: </dt>
          <dd className="inline text-neutral-900">{agreement.payout_schedule}</dd>
        </div>
        <div>
          <dt className="inline text-neutral-600">Published: </dt>
          <dd className="inline text-neutral-900">
            <time dateTime={agreement.published_at}>{formatDate(agreement.published_at)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <Button
          variant="secondary"
          className="h-9"
          aria-expanded={open}
          aria-controls={termsId}
          aria-label={`${open ? 'Hide' : 'Read'} the terms of version ${agreement.version}`}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide' : 'Read'} the terms
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </Button>
      </div>
      <div id={termsId} hidden={!open} className="mt-3">
        {open ? <AgreementTerms agreement={agreement} label={`Terms of version ${agreement.version}`} /> : null}
      </div>
    </article>
  );
}

const FIELD_NAMES = Object.keys(AGREEMENT_FIELDS) as (keyof typeof AGREEMENT_FIELDS)[];

/**
 * "Publish a new version", filled in from the current one. Checked here first; then a dialog
 * says what publishing means for vendors; then the API's field errors land under the inputs, and
 * a 409 (another admin published meanwhile) says so while the list shows their version.
 */
function PublishForm({ current }: { current: Agreement | undefined }) {
  const publish = usePublishAgreement();
  const nextVersion = (current?.version ?? 0) + 1;
  const [pending, setPending] = useState<AgreementInput | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const submitId = `${useId()}-submit`;
  /** Where focus goes once the dialog has closed (the submit button unless told otherwise). */
  const focusAfterClose = useRef<(() => void) | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<AgreementFormInput, unknown, AgreementFormValues>({
    resolver: zodResolver(agreementSchema),
    defaultValues: agreementFormValues(current),
  });

  const onSubmit = handleSubmit((values) => {
    setFormErrors([]);
    setPending(agreementInput(values));
  });

  function confirm() {
    if (!pending) return;
    publish.mutate(pending, {
      onSuccess: (agreement) => {
        setPending(null);
        reset(agreementFormValues(agreement));
        toast.success(`Version ${agreement.version} published`);
      },
      onError: (error) => {
        setPending(null);
        if (isPublishedElsewhere(error)) {
          setFormErrors([PUBLISHED_ELSEWHERE]);
        } else if (error instanceof ApiError && error.status === 400 && error.fields) {
          const { byField, other } = splitFieldErrors(error.fields, FIELD_NAMES);
          for (const [name, message] of byField) setError(AGREEMENT_FIELDS[name], { message });
          const first = byField[0];
          if (first) focusAfterClose.current = () => setFocus(AGREEMENT_FIELDS[first[0]]);
          setFormErrors(other.length > 0 || byField.length === 0 ? [error.message, ...other] : []);
        } else {
          setFormErrors([errorMessage(error, 'The new version could not be published. Please try again.')]);
        }
      },
    });
  }

  const busy = publish.isPending;
  return (
    <Panel
      title="Publish a new version"
      description="Filled in from the current version: change what is new, then publish."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New agreement version" className="flex flex-col gap-5">
        {formErrors.length > 0 ? (
          <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
        <FormField label="Title" error={errors.title?.message}>
          <Input type="text" maxLength={AGREEMENT_LIMITS.title[1]} {...register('title')} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
          <FormField
            label="Commission (%)"
            error={errors.commission_percent?.message}
            hint="0 to 50, on the goods value of each paid order line."
          >
            <Input type="text" inputMode="decimal" autoComplete="off" {...register('commission_percent')} />
          </FormField>
          <FormField label="Payout schedule" error={errors.payout_schedule?.message}>
            <Input type="text" maxLength={AGREEMENT_LIMITS.payoutSchedule[1]} {...register('payout_schedule')} />
          </FormField>
        </div>
        <FormField
          label="Terms"
          error={errors.terms?.message}
          hint="Plain text: separate paragraphs with a blank line; a short line on its own reads as a section title. 20 to 50,000 characters."
        >
          <Textarea rows={16} {...register('terms')} />
        </FormField>
        <div>
          <Button id={submitId} type="submit" disabled={busy} className="h-11">
            Publish version {nextVersion}
          </Button>
        </div>
      </form>
      <Dialog.Root
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content
            className="fixed top-1/2 left-1/2 z-50 flex w-[min(30rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
            data-testid="publish-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const focus = focusAfterClose.current ?? (() => document.getElementById(submitId)?.focus());
              focusAfterClose.current = null;
              focus();
            }}
          >
            <div className="flex items-start justify-between gap-3">
              <Dialog.Title className="text-lg font-semibold text-neutral-900">Publish version {nextVersion}?</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                disabled={busy}
                className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="text-sm text-neutral-700">
              {publishWarning(nextVersion)} It becomes the current version at once.
            </Dialog.Description>
            {pending ? (
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-neutral-600">Title</dt>
                <dd className="break-words text-neutral-900">{pending.title}</dd>
                <dt className="text-neutral-600">Commission</dt>
                <dd className="text-neutral-900" data-testid="publish-commission">
                  {formatCommission(pending.commission_rate_bps)}
                </dd>
                <dt className="text-neutral-600">Payouts</dt>
                <dd className="break-words text-neutral-900">{pending.payout_schedule}</dd>
              </dl>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary" className="h-10" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button className="h-10" onClick={confirm} disabled={busy}>
                {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
                Yes, publish version {nextVersion}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Panel>
  );
}
