'use client';

import { Suspense, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmptyState, errorMessage, ErrorState, ListSkeleton, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge, type StatusTone } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { pageCount, pageFromParam } from '@/lib/page-param';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';
import { DownloadButton } from '@/features/money/components/payout-parts';
import {
  downloadPointsCodes,
  POINTS_PAGE_SIZE,
  pointsBatchHref,
  pointsCodesHref,
  useCreatePointsBatch,
  useDisablePointsBatch,
  usePointsBatches,
  type PointsBatch,
} from '@/features/admin/api/points-codes';
import { FormErrorsAlert } from '@/features/admin/components/admin-form-parts';
import { formatCount } from '@/features/admin/lib/user-words';

/** The API's limits (crates/domain/src/points.rs). */
export const BATCH_NAME_MAX = 80;
export const BATCH_POINTS_MAX = 100_000;
export const BATCH_SIZE_MAX = 10_000;

/**
 * The new batch form's checks, with the API's messages (crates/domain/src/points.rs,
 * BatchDraft::parse). The server is the authority; its field errors land under the same inputs.
 */
export const POINTS_BATCH_MESSAGES = {
  name: `Give the batch a name of up to ${BATCH_NAME_MAX} characters`,
  points: `Each code gives 1 to ${BATCH_POINTS_MAX} points`,
  count: `A batch has 1 to ${BATCH_SIZE_MAX} codes`,
  day: 'Enter the last day the codes work (YYYY-MM-DD)',
  dayRange: 'The last day is from today to five years from now',
} as const;

/** South Africa's offset from UTC (no daylight saving): the codes' days are its days. */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** As far ahead as the server allows: five years of 366 days. */
const LATEST_DAYS = 5 * 366;

/** Today in South Africa, `YYYY-MM-DD`, `days` on. */
export function saDay(now: number, days = 0): string {
  return new Date(now + SAST_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

function wholeNumber(max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= max, message)
    .transform(Number);
}

function newBatchSchema(now: number) {
  return z.object({
    name: z
      .string()
      .trim()
      .refine((value) => value !== '' && charCount(value) <= BATCH_NAME_MAX, POINTS_BATCH_MESSAGES.name),
    points: wholeNumber(BATCH_POINTS_MAX, POINTS_BATCH_MESSAGES.points),
    count: wholeNumber(BATCH_SIZE_MAX, POINTS_BATCH_MESSAGES.count),
    expires_on: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
          ctx.addIssue({ code: 'custom', message: POINTS_BATCH_MESSAGES.day });
        } else if (value < saDay(now) || value > saDay(now, LATEST_DAYS)) {
          ctx.addIssue({ code: 'custom', message: POINTS_BATCH_MESSAGES.dayRange });
        }
      }),
  });
}

type NewBatchInput = z.input<ReturnType<typeof newBatchSchema>>;
type NewBatchValues = z.output<ReturnType<typeof newBatchSchema>>;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = ['name', 'points', 'count', 'expires_on'] as const satisfies readonly (keyof NewBatchInput)[];

const EMPTY_BATCH: NewBatchInput = { name: '', points: '', count: '', expires_on: '' };

/** Active, Disabled (by an admin) or Expired (past its last day); a disabled batch says so first. */
export function batchStatus(batch: Pick<PointsBatch, 'disabled_at' | 'expires_at'>, now: number): { label: string; tone: StatusTone } {
  if (batch.disabled_at) return { label: 'Disabled', tone: 'neutral' };
  if (Date.parse(batch.expires_at) < now) return { label: 'Expired', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

export function BatchStatusBadge({ batch }: { batch: PointsBatch }) {
  const { label, tone } = batchStatus(batch, Date.now());
  return <StatusBadge label={label} tone={tone} />;
}

/** The codes' last day as South Africa counts it ("31 Dec 2026"); `expires_at` is its last second. */
export function formatLastDay(expiresAt: string): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Johannesburg' });
}

/** "3 of 500", how many of a batch's codes were redeemed. */
export function redeemedText(batch: Pick<PointsBatch, 'redeemed' | 'size'>): string {
  return `${formatCount(batch.redeemed)} of ${formatCount(batch.size)}`;
}

/** "1 code", "500 codes". */
function codesText(count: number): string {
  return count === 1 ? '1 code' : `${formatCount(count)} codes`;
}

/** "1 point", "250 points". */
function pointsText(points: number): string {
  return points === 1 ? '1 point' : `${formatCount(points)} points`;
}

/**
 * /admin/points-codes/?page=N: batches of single-use codes that give customers points (for
 * flyers, events, apologies): a form to make one, and every batch, newest first, with how many of
 * its codes were redeemed, to view, export as CSV or disable.
 */
export function AdminPointsCodesPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading points codes" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading points codes" />;
  return <PointsCodes page={pageFromParam(searchParams?.get('page'))} />;
}

function PointsCodes({ page }: { page: number }) {
  return (
    <>
      <PageHeader
        title="Points codes"
        description="Batches of single-use codes customers redeem for points under Points on their profile: for flyers, events or to say sorry."
      />
      <div className="flex flex-col gap-6">
        <NewBatchForm page={page} />
        <BatchList page={page} />
      </div>
    </>
  );
}

/** "New batch": the codes are made at once, all or none; then the list's first page shows the batch. */
function NewBatchForm({ page }: { page: number }) {
  const router = useRouter();
  const create = useCreatePointsBatch();
  const [now] = useState(() => Date.now());
  const [schema] = useState(() => newBatchSchema(now));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [made, setMade] = useState<PointsBatch | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewBatchInput, unknown, NewBatchValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_BATCH });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    setMade(null);
    try {
      const batch = await create.mutateAsync(values);
      reset(EMPTY_BATCH);
      setMade(batch);
      if (page !== 1) router.replace(pointsCodesHref(1), { scroll: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, FIELD_NAMES);
        byField.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(byField.length > 0 ? other : [error.message, ...other]);
      } else {
        setFormErrors([errorMessage(error, 'The codes could not be made. Please try again.')]);
      }
    }
  });
  const busy = isSubmitting || create.isPending;

  return (
    <Panel title="New batch" description="Each code works once, for one customer, until the end of its last day.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New batch" className="flex flex-col gap-5">
        <FormErrorsAlert messages={formErrors} />
        <FormField label="Name" error={errors.name?.message} hint={`What the codes are for, like “Heritage Day flyers”. Up to ${BATCH_NAME_MAX} characters.`}>
          <Input type="text" autoComplete="off" maxLength={BATCH_NAME_MAX} {...register('name')} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField label="Points per code" error={errors.points?.message} hint={`1 to ${formatCount(BATCH_POINTS_MAX)}.`}>
            <Input type="text" inputMode="numeric" autoComplete="off" maxLength={6} {...register('points')} />
          </FormField>
          <FormField label="Number of codes" error={errors.count?.message} hint={`1 to ${formatCount(BATCH_SIZE_MAX)}.`}>
            <Input type="text" inputMode="numeric" autoComplete="off" maxLength={5} {...register('count')} />
          </FormField>
          <FormField label="Last day" error={errors.expires_on?.message} hint="The codes work until the end of this day.">
            <Input type="date" min={saDay(now)} max={saDay(now, LATEST_DAYS)} {...register('expires_on')} />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" className="h-11" disabled={busy}>
            {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Make the codes
          </Button>
          {made ? (
            <p role="status" className="text-sm font-medium text-green-700" data-testid="batch-made">
              Made {codesText(made.size)} of {pointsText(made.points)} each: “{made.name}”.
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

function BatchList({ page }: { page: number }) {
  const { data, isPending, isError, error, refetch, isFetching } = usePointsBatches(page);
  if (isPending) return <ListSkeleton label="Loading the batches" />;
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.batches.length === 0) {
    return page > 1 ? (
      <EmptyState title="No batches on this page">
        <Link href={pointsCodesHref(1)} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          See the newest batches
        </Link>
      </EmptyState>
    ) : (
      <EmptyState title="No batches yet">
        <p className="text-neutral-600">Make one above; its codes can go on flyers, at events or in an email.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600" aria-live="polite" data-testid="batches-total">
        {data.total === 1 ? '1 batch' : `${formatCount(data.total)} batches`}
      </p>
      <BatchTable batches={data.batches} updating={isFetching} />
      <Pagination
        page={page}
        pageCount={pageCount(data.total, POINTS_PAGE_SIZE)}
        hrefFor={pointsCodesHref}
        label="Batch pages"
      />
    </div>
  );
}

const HEAD = 'px-3 py-3';

/** The batches: what (and its points a code), how many redeemed of how many, until when, who made it, and what to do. */
function BatchTable({ batches, updating }: { batches: PointsBatch[]; updating: boolean }) {
  return (
    <ScrollTable label="Batches" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-3xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Points code batches, newest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              Batch
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Redeemed
            </th>
            <th scope="col" className={HEAD}>
              Last day
            </th>
            <th scope="col" className={HEAD}>
              Made
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function BatchRow({ batch }: { batch: PointsBatch }) {
  return (
    <tr data-testid="points-batch">
      <td className="min-w-40 px-3 py-3">
        <span className="block font-medium break-words text-neutral-900" data-testid="batch-name">
          {batch.name}
        </span>
        <span className="block text-xs text-neutral-600 tabular-nums" data-testid="batch-points">
          {pointsText(batch.points)} a code
        </span>
      </td>
      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums" data-testid="batch-redeemed">
        {redeemedText(batch)}
      </td>
      <td className="px-3 py-3 whitespace-nowrap" data-testid="batch-last-day">
        {formatLastDay(batch.expires_at)}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-neutral-700" data-testid="batch-creator">
        <span className="block">{batch.created_by ?? 'An admin since removed'}</span>
        <time dateTime={batch.created_at} className="block text-xs text-neutral-600">
          {formatDate(batch.created_at)}
        </time>
      </td>
      <td className="px-3 py-3" data-testid="batch-status">
        <BatchStatusBadge batch={batch} />
      </td>
      <td className="px-3 py-3">
        <div className="flex justify-end gap-2">
          <Link
            href={pointsBatchHref(batch.id)}
            aria-label={`View: ${batch.name}`}
            className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-neutral-800 hover:bg-neutral-100"
          >
            View
          </Link>
          <ExportBatchButton batch={batch} />
          {batch.disabled_at ? null : <DisableBatchDialog batch={batch} />}
        </div>
      </td>
    </tr>
  );
}

/** "Export CSV": the batch's codes (with whether and by whom each was redeemed), fetched with the admin's token. */
export function ExportBatchButton({ batch }: { batch: PointsBatch }) {
  return (
    <DownloadButton
      label="Export CSV"
      accessibleName={`Export CSV: ${batch.name}`}
      className="h-9 whitespace-nowrap"
      download={() => downloadPointsCodes(batch)}
      failure="The codes could not be exported. Please try again."
    />
  );
}

/** "Disable", confirmed: the batch's codes not yet redeemed are refused from then on; there is no undoing it. */
export function DisableBatchDialog({ batch }: { batch: PointsBatch }) {
  const disable = useDisablePointsBatch();
  const dialog = useConfirmState();
  const left = batch.size - batch.redeemed;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="h-9 whitespace-nowrap" aria-label={`Disable: ${batch.name}`}>
          Disable
        </Button>
      }
      title={`Disable “${batch.name}”?`}
      description={
        left > 0
          ? `Its ${codesText(left)} not yet redeemed stop working at once; points already given stay. This cannot be undone.`
          : 'Every code was redeemed already; points given stay. This cannot be undone.'
      }
      confirmLabel="Disable the batch"
      pending={disable.isPending}
      error={dialog.error}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      testId="disable-batch-dialog"
      onConfirm={() =>
        disable.mutate(batch.id, {
          onSuccess: () => {
            dialog.close();
            toast.success('Batch disabled', { description: `The codes of “${batch.name}” not yet redeemed are refused from now on.` });
          },
          onError: (error) => dialog.setError(errorMessage(error, 'The batch could not be disabled. Please try again.')),
        })
      }
    />
  );
}
