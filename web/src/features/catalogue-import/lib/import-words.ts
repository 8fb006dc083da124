import type { StatusTone } from '@/components/area/status-badge';
import type {
  ImportFormat,
  ImportOutcome,
  ImportStatus,
  ImportSummary,
  ProductImport,
} from '@/features/catalogue-import/api/import-types';

/** How imports read on the page: formats, statuses, totals, and a running phase's progress. */

/** The format select's choices; '' lets the API recognise the file. */
export const FORMAT_CHOICES: readonly { value: ImportFormat | ''; label: string }[] = [
  { value: '', label: 'Recognise from the file' },
  { value: 'woocommerce', label: 'WooCommerce CSV' },
  { value: 'shopify', label: 'Shopify CSV' },
  { value: 'csv', label: 'bazaar CSV' },
  { value: 'json', label: 'bazaar JSON' },
];

export function isImportFormat(value: string): value is ImportFormat {
  return FORMAT_CHOICES.some((choice) => choice.value !== '' && choice.value === value);
}

/** The file's format in words: the API's name for it, else the choice's, else not yet known. */
export function formatText(item: Pick<ProductImport, 'format' | 'format_name'>): string {
  if (item.format_name) return item.format_name;
  const choice = FORMAT_CHOICES.find((option) => option.value !== '' && option.value === item.format);
  return choice?.label ?? 'Not recognised yet';
}

const STATUS_LOOKS: Record<ImportStatus, { label: string; tone: StatusTone }> = {
  checking: { label: 'Checking', tone: 'info' },
  checked: { label: 'Checked', tone: 'warning' },
  importing: { label: 'Importing', tone: 'info' },
  done: { label: 'Imported', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  discarded: { label: 'Discarded', tone: 'neutral' },
};

export function statusLook(status: string): { label: string; tone: StatusTone } {
  return STATUS_LOOKS[status as ImportStatus] ?? { label: status, tone: 'neutral' };
}

const OUTCOME_LOOKS: Record<ImportOutcome, { checked: string; done: string; tone: StatusTone }> = {
  created: { checked: 'To create', done: 'Created', tone: 'success' },
  updated: { checked: 'To update', done: 'Updated', tone: 'info' },
  unchanged: { checked: 'Unchanged', done: 'Unchanged', tone: 'neutral' },
  rejected: { checked: 'Rejected', done: 'Rejected', tone: 'danger' },
};

/** A row's outcome as a dry run words it ("To create") or an import does ("Created"). */
export function outcomeLook(outcome: string, dryRun: boolean): { label: string; tone: StatusTone } {
  const look = OUTCOME_LOOKS[outcome as ImportOutcome];
  if (!look) return { label: outcome, tone: 'neutral' };
  return { label: dryRun ? look.checked : look.done, tone: look.tone };
}

/** A count with thousands grouped by commas: 10000 → "10,000". */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 product", "1,234 products". */
export function productsText(count: number): string {
  return count === 1 ? '1 product' : `${formatCount(count)} products`;
}

/** "3 to create, 1 to update, 0 unchanged, 1 rejected" (a dry run) or "3 created, 1 updated, 0 unchanged, 1 rejected". */
export function summaryText(summary: ImportSummary, dryRun: boolean): string {
  return [
    dryRun ? `${formatCount(summary.created)} to create` : `${formatCount(summary.created)} created`,
    dryRun ? `${formatCount(summary.updated)} to update` : `${formatCount(summary.updated)} updated`,
    `${formatCount(summary.unchanged)} unchanged`,
    `${formatCount(summary.rejected)} rejected`,
  ].join(', ');
}

/** How many products confirming a dry run writes: the ones it would create or update. */
export function toImport(summary: ImportSummary): number {
  return summary.created + summary.updated;
}

/** A time span as a person rounds it: "12 s", "3 min", "1 h 5 min". */
export function durationText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "1,234 products/s"; under 10 a second with one decimal ("2.5 products/s"). */
export function rateText(perSecond: number): string {
  if (perSecond >= 10) return `${formatCount(Math.round(perSecond))} products/s`;
  const rounded = Math.round(perSecond * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'product' : 'products'}/s`;
}

export interface Progress {
  done: number;
  /** Null until the file has been read. */
  total: number | null;
  /** 0–100, null while the total is not known. */
  percent: number | null;
  /** Products a second so far in this phase; null until there is something to go by. */
  rate: number | null;
  /** Seconds left at that rate; null when not known. */
  secondsLeft: number | null;
}

/**
 * Where a running phase is, at `now` (ms): how far, how fast since the phase started, and how
 * long the rest should take at that pace.
 */
export function progressOf(item: Pick<ProductImport, 'done' | 'total' | 'phase_started_at'>, now: number): Progress {
  const total = item.total;
  const done = total === null ? item.done : Math.min(item.done, total);
  const percent = total === null ? null : total === 0 ? 100 : Math.floor((done / total) * 100);
  const started = item.phase_started_at ? Date.parse(item.phase_started_at) : Number.NaN;
  const elapsed = (now - started) / 1000;
  // Nothing to go by yet (or the clocks disagree): no rate rather than a wild one.
  const rate = Number.isFinite(elapsed) && elapsed >= 0.5 && done > 0 ? done / elapsed : null;
  const secondsLeft = rate !== null && total !== null ? Math.max(0, total - done) / rate : null;
  return { done, total, percent, rate, secondsLeft };
}

/** "1,234 of 5,000 products", or "1,234 products" before the total is known. */
export function countText(progress: Pick<Progress, 'done' | 'total'>): string {
  if (progress.total === null) return `${productsText(progress.done)} so far`;
  return `${formatCount(progress.done)} of ${productsText(progress.total)}`;
}

/** "1,234 products/s · about 12 s left", or what of it is known yet ('' when nothing). */
export function paceText(progress: Pick<Progress, 'rate' | 'secondsLeft'>): string {
  if (progress.rate === null) return '';
  const parts = [rateText(progress.rate)];
  if (progress.secondsLeft !== null && progress.secondsLeft > 0) parts.push(`about ${durationText(progress.secondsLeft)} left`);
  return parts.join(' · ');
}

/** The import's totals in the recent list: how far it got while it runs, then the result or the dry run's. */
export function totalsText(item: ProductImport): string {
  if (item.status === 'checking' || item.status === 'importing') return countText(item);
  if (item.result) return summaryText(item.result, false);
  if (item.check) return summaryText(item.check, true);
  return '—';
}
