'use client';

import { useEffect, useRef } from 'react';
import Link from 'next/link';
import { Download, Loader2, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  downloadImportReport,
  PRODUCTS_PATHS,
  useConfirmImport,
  useDiscardImport,
  type ImportArea,
} from '@/features/catalogue-import/api/product-imports';
import type { ImportRow, ImportSummary, ProductImport } from '@/features/catalogue-import/api/import-types';
import { useDownload } from '@/features/catalogue-import/components/use-download';
import {
  countText,
  formatCount,
  formatText,
  outcomeLook,
  paceText,
  productsText,
  progressOf,
  summaryText,
  toImport,
} from '@/features/catalogue-import/lib/import-words';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The panel's heading, by status. */
export function panelHeading(item: Pick<ProductImport, 'status' | 'file_name'>): string {
  switch (item.status) {
    case 'checking':
      return `Checking ${item.file_name}`;
    case 'checked':
      return 'Dry run: nothing written yet';
    case 'importing':
      return `Importing ${item.file_name}`;
    case 'done':
      return `Imported ${item.file_name}`;
    case 'failed':
      return `${item.file_name} could not be imported`;
    case 'discarded':
      return `Discarded ${item.file_name}`;
    default:
      return item.file_name;
  }
}

/** The status line, read out as it changes (one sentence a phase, not one a second). */
export function statusLine(item: ProductImport): string {
  switch (item.status) {
    case 'checking':
      return 'Checking the file. Nothing is written while it is checked.';
    case 'checked':
      return item.check ? `Checked: ${summaryText(item.check, true)}.` : 'Checked.';
    case 'importing':
      return item.check ? `Importing ${productsText(toImport(item.check))}…` : 'Importing…';
    case 'done':
      return item.result ? `Imported: ${summaryText(item.result, false)}.` : 'Imported.';
    case 'failed':
      return 'The import failed.';
    case 'discarded':
      return 'Discarded: nothing was written.';
    default:
      return '';
  }
}

/**
 * One import: its progress while a job checks or imports it (read again every second by the
 * caller), the dry run's report with Import and Discard once checked, the result once done, and
 * why it failed.
 */
export function ImportPanel({
  area,
  item,
  now,
  focusOnMount = false,
  onDiscarded,
  onAnother,
}: {
  area: ImportArea;
  item: ProductImport;
  /** When `item` was read (ms), to time the running phase by. */
  now: number;
  /** Takes focus to the heading when it appears (after the file was sent). */
  focusOnMount?: boolean;
  onDiscarded: () => void;
  /** Back to the form, for another file. */
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount, item.id]);

  return (
    <section
      aria-labelledby="import-heading"
      className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-6"
      data-testid="import-panel"
      data-status={item.status}
    >
      <h2 id="import-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold break-all text-neutral-900 outline-none">
        {panelHeading(item)}
      </h2>
      <ImportFacts area={area} item={item} />
      <p aria-live="polite" className="mt-3 text-sm font-medium text-neutral-800" data-testid="import-status">
        {statusLine(item)}
      </p>
      {item.status === 'checking' || item.status === 'importing' ? <Running item={item} now={now} /> : null}
      {item.status === 'checked' ? <Checked area={area} item={item} onDiscarded={onDiscarded} /> : null}
      {item.status === 'done' ? <Done area={area} item={item} onAnother={onAnother} /> : null}
      {item.status === 'failed' ? <Failed area={area} item={item} onDiscarded={onDiscarded} /> : null}
    </section>
  );
}

/** The file, its format, how many products it holds, the store they go to and who sent it. */
function ImportFacts({ area, item }: { area: ImportArea; item: ProductImport }) {
  const facts = [item.file_name, formatText(item)];
  if (item.total !== null) facts.push(productsText(item.total));
  if (area === 'admin') {
    facts.push(item.store ? `into ${item.store.name}` : 'stores as the file names them');
    facts.push(`by ${item.created_by}`);
  }
  return (
    <p className="mt-1 text-sm break-words text-neutral-600" data-testid="import-facts">
      {facts.join(' · ')}
    </p>
  );
}

/** The bar, "1,234 of 5,000 products", and the pace: "1,234 products/s · about 12 s left". */
function Running({ item, now }: { item: ProductImport; now: number }) {
  const progress = progressOf(item, now);
  const label = item.status === 'checking' ? 'Checking progress' : 'Import progress';
  const pace = paceText(progress);
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.total ?? undefined}
        aria-valuenow={progress.total === null ? undefined : progress.done}
        aria-valuetext={progress.total === null ? undefined : countText(progress)}
        className="h-3 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={cn('h-full rounded-full bg-brand-700 transition-[width] duration-500', progress.percent === null && 'w-1/3 animate-pulse')}
          style={progress.percent === null ? undefined : { width: `${progress.percent}%` }}
        />
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-700 tabular-nums">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-neutral-500" />
        <span data-testid="import-count">
          {countText(progress)}
          {progress.percent === null ? null : ` (${progress.percent}%)`}
        </span>
        {pace ? (
          <span className="text-neutral-600" data-testid="import-pace">
            {pace}
          </span>
        ) : null}
      </p>
    </div>
  );
}

function Checked({ area, item, onDiscarded }: { area: ImportArea; item: ProductImport; onDiscarded: () => void }) {
  const confirm = useConfirmImport(area);
  const discard = useDiscardImport(area);
  const summary: ImportSummary = item.check ?? { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const count = toImport(summary);
  const busy = confirm.isPending || discard.isPending;

  const failed = (title: string, fallback: string) => (error: unknown) => toast.error(title, { description: errorMessage(error, fallback) });
  const runImport = () =>
    confirm.mutate(item.id, { onError: failed('Not imported', 'The import could not be started. Please try again.') });
  const runDiscard = () =>
    discard.mutate(item.id, {
      onSuccess: () => {
        toast.success('Import discarded', { description: `Nothing from ${item.file_name} was written.` });
        onDiscarded();
      },
      onError: failed('Not discarded', 'The import could not be discarded. Please try again.'),
    });

  return (
    <>
      {summary.rejected > 0 ? (
        <p
          className="mt-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="import-rejected-note"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Rejected rows are skipped; the others are imported.
        </p>
      ) : null}
      <ImportRows item={item} dryRun />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button className="h-10" onClick={runImport} disabled={busy || count === 0}>
          {confirm.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          Import {productsText(count)}
        </Button>
        <Button variant="secondary" className="h-10" onClick={runDiscard} disabled={busy}>
          {discard.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          Discard
        </Button>
        <ReportButton area={area} item={item} />
      </div>
      {count === 0 ? <p className="mt-2 text-sm text-neutral-600">Nothing in this file would change the catalogue.</p> : null}
    </>
  );
}

function Done({ area, item, onAnother }: { area: ImportArea; item: ProductImport; onAnother: () => void }) {
  return (
    <>
      <ImportRows item={item} dryRun={false} />
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <ReportButton area={area} item={item} />
        <Button variant="secondary" className="h-10" onClick={onAnother}>
          Import another file
        </Button>
        <Link href={PRODUCTS_PATHS[area]} className={LINK}>
          {area === 'vendor' ? 'See your products' : 'See the products'}
        </Link>
      </div>
    </>
  );
}

function Failed({ area, item, onDiscarded }: { area: ImportArea; item: ProductImport; onDiscarded: () => void }) {
  const discard = useDiscardImport(area);
  return (
    <>
      <p
        role="alert"
        className="mt-3 rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm break-words text-red-900 dark:bg-red-950 dark:text-red-200"
        data-testid="import-error"
      >
        {item.error ?? 'The file could not be imported.'}
      </p>
      {item.rows.length > 0 ? <ImportRows item={item} dryRun={item.result === null} /> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {item.rows_total > 0 ? <ReportButton area={area} item={item} /> : null}
        <Button
          variant="secondary"
          className="h-10"
          disabled={discard.isPending}
          onClick={() =>
            discard.mutate(item.id, {
              onSuccess: onDiscarded,
              onError: (error) =>
                toast.error('Not discarded', { description: errorMessage(error, 'The import could not be discarded. Please try again.') }),
            })
          }
        >
          Discard
        </Button>
      </div>
      <p className="mt-2 text-sm text-neutral-600">Fix the file and check it again below.</p>
    </>
  );
}

/** "Download report": every row of the latest finished phase, as import-report.csv. */
function ReportButton({ area, item }: { area: ImportArea; item: ProductImport }) {
  const { busy, run } = useDownload();
  return (
    <Button
      variant="secondary"
      className="h-10"
      disabled={busy}
      onClick={() => run(() => downloadImportReport(area, item.id), 'The report could not be downloaded. Please try again.')}
    >
      {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      Download report
    </Button>
  );
}

/** The rows the API sent (rejected first, up to 200), and how many more the report holds. */
function ImportRows({ item, dryRun }: { item: ProductImport; dryRun: boolean }) {
  if (item.rows.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      <ScrollTable label="Rows of the file" className="max-h-[28rem] overflow-y-auto rounded-lg border border-neutral-200">
        <table className="w-full min-w-xl text-left text-sm">
          <caption className="sr-only">What each row of the file {dryRun ? 'would do' : 'did'}</caption>
          <thead className="sticky top-0 border-b border-neutral-200 bg-white text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-right">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                Outcome
              </th>
              <th scope="col" className="px-3 py-2">
                Problems
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {item.rows.map((row) => (
              <Row key={`${row.row}-${row.slug ?? ''}`} row={row} dryRun={dryRun} />
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {item.rows_total > item.rows.length ? (
        <p className="text-sm text-neutral-600" data-testid="import-rows-shown">
          Showing {formatCount(item.rows.length)} of {formatCount(item.rows_total)} rows; download the report for all.
        </p>
      ) : null}
    </div>
  );
}

function Row({ row, dryRun }: { row: ImportRow; dryRun: boolean }) {
  const look = outcomeLook(row.outcome, dryRun);
  return (
    <tr data-testid="import-row" data-outcome={row.outcome}>
      <td className="px-3 py-2 text-right align-top tabular-nums">{row.row}</td>
      <td className="px-3 py-2 align-top break-all" data-testid="import-row-product">
        {row.slug ?? '—'}
      </td>
      <td className="px-3 py-2 align-top">
        <StatusBadge label={look.label} tone={look.tone} />
      </td>
      <td className="px-3 py-2 align-top text-sale" data-testid="import-row-problems">
        {row.errors.length > 0 ? (
          <ul className="flex flex-col gap-0.5">
            {row.errors.map((problem, index) => (
              <li key={index}>{problem.field ? `${problem.field}: ${problem.reason}` : problem.reason}</li>
            ))}
          </ul>
        ) : null}
      </td>
    </tr>
  );
}
