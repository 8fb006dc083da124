'use client';

import { Suspense, type ReactNode } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ArrowLeft } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api-client';
import { pageCount, pageFromParam } from '@/lib/page-param';
import { formatDate, formatDateTime } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import {
  POINTS_CODES_PATH,
  POINTS_PAGE_SIZE,
  pointsBatchHref,
  usePointsBatch,
  type PointsBatch,
  type PointsRedemption,
} from '@/features/admin/api/points-codes';
import {
  BatchStatusBadge,
  DisableBatchDialog,
  ExportBatchButton,
  formatLastDay,
  redeemedText,
} from '@/features/admin/components/points-codes-page';
import { formatCount } from '@/features/admin/lib/user-words';

/** A batch's id as the API spells them (a UUID); anything else is no batch. */
const BATCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/points-codes/batch/?id=<batch>&page=N: one batch of points codes, its figures (points per
 * code, how many redeemed, the last day, who made it) with Export CSV and Disable, and its
 * redemptions, latest first, a page at a time. The page is exported once, so the batch comes from
 * the query string, after mount.
 */
export function AdminPointsBatchPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading the batch" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the batch" />;
  const id = searchParams?.get('id') ?? '';
  if (!BATCH_ID.test(id)) return <NoSuchBatch />;
  return <BatchLoader key={id} id={id} page={pageFromParam(searchParams?.get('page'))} />;
}

function BackLink() {
  return (
    <p className="mb-4">
      <Link
        href={POINTS_CODES_PATH}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All batches
      </Link>
    </p>
  );
}

function NoSuchBatch() {
  return (
    <>
      <BackLink />
      <PageHeader title="Points code batch" />
      <EmptyState title="No such batch">
        <p className="text-sm text-neutral-600">The link may be incomplete: pick the batch from the list.</p>
        <Link href={POINTS_CODES_PATH} className={LINK}>
          See all batches
        </Link>
      </EmptyState>
    </>
  );
}

function BatchLoader({ id, page }: { id: string; page: number }) {
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = usePointsBatch(id, page);
  if (isPending) return <PageSkeleton label="Loading the batch" />;
  if (isError) {
    if (error instanceof ApiError && error.isNotFound) return <NoSuchBatch />;
    return (
      <>
        <BackLink />
        <PageHeader title="Points code batch" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  const { batch, redemptions } = data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={batch.name}
        description={`A batch of ${batch.size === 1 ? '1 code' : `${formatCount(batch.size)} codes`}, each giving ${formatCount(batch.points)} points once.`}
        actions={
          <>
            <ExportBatchButton batch={batch} />
            {batch.disabled_at ? null : <DisableBatchDialog batch={batch} />}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <BatchFigures batch={batch} />
        <Panel title="Redemptions" description="The latest first: which code, which customer, when.">
          {batch.redeemed === 0 ? (
            <p className="text-sm text-neutral-600" data-testid="no-redemptions">
              None of its codes has been redeemed yet.
            </p>
          ) : redemptions.length === 0 ? (
            <p className="text-sm text-neutral-600">
              No redemptions on this page.{' '}
              <Link href={pointsBatchHref(batch.id)} className={LINK}>
                See the latest
              </Link>
            </p>
          ) : (
            <div className="flex flex-col gap-4">
              <RedemptionTable redemptions={redemptions} updating={isFetching || isPlaceholderData} />
              <Pagination
                page={page}
                pageCount={pageCount(batch.redeemed, POINTS_PAGE_SIZE)}
                hrefFor={(next) => pointsBatchHref(batch.id, next)}
                label="Redemption pages"
              />
            </div>
          )}
        </Panel>
      </div>
    </>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{label}</dt>
      <dd className="text-sm text-neutral-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The batch in figures: points per code, redeemed of how many, points given, the last day, who made it, its status. */
function BatchFigures({ batch }: { batch: PointsBatch }) {
  return (
    <Panel>
      <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <Figure label="Points per code" testId="figure-points">
          {formatCount(batch.points)}
        </Figure>
        <Figure label="Codes redeemed" testId="figure-redeemed">
          {redeemedText(batch)}
        </Figure>
        <Figure label="Points given" testId="figure-given">
          {formatCount(batch.redeemed * batch.points)}
        </Figure>
        <Figure label="Last day" testId="figure-last-day">
          {formatLastDay(batch.expires_at)}
        </Figure>
        <Figure label="Made" testId="figure-made">
          <span className="break-all">{batch.created_by ?? 'An admin since removed'}</span>,{' '}
          <time dateTime={batch.created_at}>{formatDate(batch.created_at)}</time>
        </Figure>
        <Figure label="Status" testId="figure-status">
          <span className="flex flex-wrap items-center gap-2">
            <BatchStatusBadge batch={batch} />
            {batch.disabled_at ? (
              <span className="text-neutral-600">
                since <time dateTime={batch.disabled_at}>{formatDateTime(batch.disabled_at)}</time>
              </span>
            ) : null}
          </span>
        </Figure>
      </dl>
    </Panel>
  );
}

const HEAD = 'px-3 py-3';

function RedemptionTable({ redemptions, updating }: { redemptions: PointsRedemption[]; updating: boolean }) {
  return (
    <ScrollTable label="Redemptions" className="rounded-lg border border-neutral-200">
      <table className="w-full min-w-xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Redeemed codes, the latest first</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              Code
            </th>
            <th scope="col" className={HEAD}>
              Customer
            </th>
            <th scope="col" className={HEAD}>
              When
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {redemptions.map((redemption) => (
            <tr key={redemption.code} data-testid="redemption">
              <td className="px-3 py-3 font-mono tracking-wider text-neutral-900">{redemption.code}</td>
              <td className="px-3 py-3 break-all text-neutral-800">{redemption.redeemed_by ?? 'A customer since removed'}</td>
              <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
                {redemption.redeemed_at ? (
                  <time dateTime={redemption.redeemed_at}>{formatDateTime(redemption.redeemed_at)}</time>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
