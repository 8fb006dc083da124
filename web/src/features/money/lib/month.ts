/**
 * Calendar months as the money API names them, `YYYY-MM`, in South African time (UTC+2 all year,
 * no daylight saving): a vendor's statement runs from midnight on the 1st in Johannesburg
 * (crates/domain/src/ledger.rs, month_bounds), whatever the browser's time zone.
 */

export const SA_TIME_ZONE = 'Africa/Johannesburg';

const SA_OFFSET_MS = 2 * 60 * 60 * 1000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The years the API accepts. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** The month it is now in South Africa. */
export function currentMonth(now: Date = new Date()): string {
  const sa = new Date(now.getTime() + SA_OFFSET_MS);
  return monthOf(sa.getUTCFullYear(), sa.getUTCMonth() + 1);
}

function monthOf(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** A month from the URL, or null when `text` is not one the API would take. */
export function parseMonth(text: string | null | undefined): string | null {
  const match = MONTH.exec((text ?? '').trim());
  if (!match) return null;
  const year = Number(match[1]);
  return year >= FIRST_YEAR && year <= LAST_YEAR ? `${match[1]}-${match[2]}` : null;
}

/** The month `by` months after `month` (before, when negative). */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return monthOf(Math.floor(index / 12), (index % 12) + 1);
}

/** "November 2026". */
export function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleDateString('en-ZA', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The months to choose from, newest first: `count` months up to `latest`, and `chosen` in its
 * place when it is not among them (a shared link to an old statement, say).
 */
export function monthChoices(latest: string, chosen: string, count = 24): string[] {
  const months = Array.from({ length: count }, (_, back) => shiftMonth(latest, -back));
  if (months.includes(chosen)) return months;
  return chosen > latest ? [chosen, ...months] : [...months, chosen];
}

/** The first month the API knows. */
export const FIRST_MONTH = `${FIRST_YEAR}-01`;

/** A posting's date as it falls in South Africa ("26 Nov 2026"), so it sits in its statement's month. */
export function formatSaDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SA_TIME_ZONE });
}
