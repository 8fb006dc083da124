'use client';

import { useEffect, useRef, useState } from 'react';
import { Download, Loader2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { StatusBadge, type StatusTone } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { exportStock, useImportStock } from '@/features/inventory/api/inventory';
import type { ImportOutcome, StockImportReport, StockImportRow } from '@/features/inventory/api/inventory-types';

/**
 * Stock as CSV (`sku,quantity`): "Export CSV" saves the store's levels as stock.csv; "Import CSV"
 * sends a file as a dry run first and shows what each row would do; Apply sends it again for
 * real, and only when no row is rejected (an import is all or nothing).
 */

/** Where an import is: checking (the dry run), checked, applying, applied, or refused. */
export type StockImport =
  | { stage: 'checking'; file: File }
  | { stage: 'checked' | 'applying'; file: File; report: StockImportReport }
  | { stage: 'applied'; file: File; report: StockImportReport }
  | { stage: 'failed'; file: File; message: string };

/** The import's state and its steps: check a file (dry run), apply it, or cancel. */
export function useStockImport() {
  const mutation = useImportStock();
  const [state, setState] = useState<StockImport | null>(null);

  const failed = (file: File, error: unknown) => {
    const message =
      error instanceof ApiError && error.status === 400 && typeof error.fields?.file === 'string'
        ? fileProblem(error.fields.file)
        : errorMessage(error, 'The file could not be imported. Please try again.');
    // Only the import still on screen is told.
    setState((current) => (current?.file === file ? { stage: 'failed', file, message } : current));
  };

  const check = (file: File) => {
    setState({ stage: 'checking', file });
    mutation.mutate(
      { file, dryRun: true },
      {
        onSuccess: (report) => setState((current) => (current?.file === file ? { stage: 'checked', file, report } : current)),
        onError: (error) => failed(file, error),
      },
    );
  };

  const apply = () => {
    if (state?.stage !== 'checked' || state.report.rejected > 0) return;
    const { file } = state;
    setState({ ...state, stage: 'applying' });
    mutation.mutate(
      { file, dryRun: false },
      {
        onSuccess: (report) => {
          if (report.applied) toast.success('Stock imported', { description: importSummary(report, true) });
          // Not applied: a row was refused since the dry run; its report says which.
          setState((current) =>
            current?.file === file ? { stage: report.applied ? 'applied' : 'checked', file, report } : current,
          );
        },
        onError: (error) => failed(file, error),
      },
    );
  };

  const cancel = () => setState(null);

  return { state, check, apply, cancel, busy: state?.stage === 'checking' || state?.stage === 'applying' };
}

/** The API's word on a file it cannot read ("the header row needs a 'quantity' column"), as a sentence. */
export function fileProblem(message: string): string {
  return /^[a-z]/.test(message) ? `This is not a stock CSV: ${message}.` : message;
}

/** "2 to update, 1 unchanged, 1 rejected" (a dry run) or "2 updated, 1 unchanged" (applied). */
export function importSummary(report: Pick<StockImportReport, 'updated' | 'unchanged' | 'rejected'>, applied: boolean): string {
  const parts = [
    applied ? `${report.updated} updated` : `${report.updated} to update`,
    `${report.unchanged} unchanged`,
  ];
  if (report.rejected > 0) parts.push(`${report.rejected} rejected`);
  return parts.join(', ');
}

export function ExportCsvButton() {
  const [exporting, setExporting] = useState(false);
  const run = () => {
    setExporting(true);
    exportStock()
      .catch((error: unknown) =>
        toast.error('Not exported', { description: errorMessage(error, 'The export could not be made. Please try again.') }),
      )
      .finally(() => setExporting(false));
  };
  return (
    <Button variant="secondary" className="h-10" onClick={run} disabled={exporting}>
      {exporting ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden="true" className="size-4" />
      )}
      Export CSV
    </Button>
  );
}

/** Opens the file chooser; the chosen file goes to `onFile` (the dry run). */
export function ImportCsvButton({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="secondary" className="h-10" onClick={() => input.current?.click()} disabled={disabled}>
        <Upload aria-hidden="true" className="size-4" />
        Import CSV
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="stock-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

const OUTCOMES: Record<ImportOutcome, { checked: string; applied: string; tone: StatusTone }> = {
  updated: { checked: 'Will update', applied: 'Updated', tone: 'info' },
  unchanged: { checked: 'Unchanged', applied: 'Unchanged', tone: 'neutral' },
  rejected: { checked: 'Rejected', applied: 'Rejected', tone: 'danger' },
};

/** The import under way: the dry run's report per row with Apply and Cancel, then the result. */
export function StockImportPanel({
  state,
  onApply,
  onCancel,
}: {
  state: StockImport;
  onApply: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel appears above the list, and its buttons change under the reader: each new step
  // takes them to its heading (not while applying, which is quick and ends in a step).
  const { stage } = state;
  useEffect(() => {
    if (stage !== 'applying') heading.current?.focus();
  }, [stage]);

  const applied = state.stage === 'applied';
  const title = applied ? `Imported ${state.file.name}` : `Import ${state.file.name}`;
  return (
    <section
      aria-labelledby="stock-import-heading"
      className="rounded-xl border border-neutral-200 bg-white p-5 sm:p-6"
      data-testid="stock-import"
      data-stage={state.stage}
    >
      <h2
        id="stock-import-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold break-all text-neutral-900 outline-none"
      >
        {title}
      </h2>
      <div aria-live="polite" className="mt-1 text-sm text-neutral-700">
        {state.stage === 'checking' ? (
          <p className="flex items-center gap-2">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Checking the file…
          </p>
        ) : state.stage === 'failed' ? (
          <p role="alert" className="font-medium text-sale" data-testid="import-error">
            {state.message}
          </p>
        ) : (
          <ImportSummary report={state.report} applied={applied} />
        )}
      </div>
      {state.stage === 'checked' || state.stage === 'applying' || state.stage === 'applied' ? (
        <ImportRows rows={state.report.rows} applied={applied} />
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {applied || state.stage === 'failed' ? (
          <Button variant="secondary" onClick={onCancel}>
            {applied ? 'Done' : 'Close'}
          </Button>
        ) : (
          <>
            <Button
              onClick={onApply}
              disabled={state.stage !== 'checked' || state.report.rejected > 0}
              aria-describedby={state.stage === 'checked' && state.report.rejected > 0 ? 'stock-import-blocked' : undefined}
            >
              {state.stage === 'applying' ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Apply
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={state.stage === 'applying'}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function ImportSummary({ report, applied }: { report: StockImportReport; applied: boolean }) {
  const rows = report.rows.length === 1 ? '1 row' : `${report.rows.length} rows`;
  return (
    <>
      <p data-testid="import-summary">
        {applied ? 'Done' : 'A dry run: nothing is changed yet'}. {rows}: {importSummary(report, applied)}.
      </p>
      {!applied && report.rejected > 0 ? (
        <p id="stock-import-blocked" className="mt-1 font-medium text-sale">
          Nothing can be applied while a row is rejected: fix those rows in the file and import it again.
        </p>
      ) : null}
    </>
  );
}

function ImportRows({ rows, applied }: { rows: StockImportRow[]; applied: boolean }) {
  if (rows.length === 0) return null;
  return (
    // A long file scrolls inside its box, which the keyboard can scroll too.
    <div
      className="mt-4 max-h-96 overflow-auto rounded-lg border border-neutral-200"
      role="region"
      aria-label="Rows of the file"
      tabIndex={0}
    >
      <table className="w-full min-w-xl text-left text-sm">
        <caption className="sr-only">What each row of the file {applied ? 'did' : 'would do'}</caption>
        <thead className="sticky top-0 border-b border-neutral-200 bg-white text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-right">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              SKU
            </th>
            <th scope="col" className="px-3 py-2">
              Stock
            </th>
            <th scope="col" className="px-3 py-2">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => {
            const look = OUTCOMES[row.outcome as ImportOutcome] ?? OUTCOMES.unchanged;
            return (
              <tr key={row.row} data-testid="import-row" data-outcome={row.outcome}>
                <td className="px-3 py-2 text-right tabular-nums">{row.row}</td>
                <td className="px-3 py-2 whitespace-nowrap">{row.sku || '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-testid="import-change">
                  <LevelChange row={row} />
                </td>
                <td className="px-3 py-2">
                  <StatusBadge label={applied ? look.applied : look.checked} tone={look.tone} />
                </td>
                <td className="px-3 py-2 text-sale">{row.error ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "4 → 9" for a change, the level for an unchanged row, a dash when refused. */
function LevelChange({ row }: { row: StockImportRow }) {
  if (row.from === null || row.to === null) return <>—</>;
  if (row.from === row.to) return <>{row.to.toLocaleString('en-ZA')}</>;
  return (
    <>
      {row.from.toLocaleString('en-ZA')} <span aria-hidden="true">→</span>
      <span className="sr-only"> to</span> {row.to.toLocaleString('en-ZA')}
    </>
  );
}
