/**
 * The vendor forms' dates and times: a `datetime-local` input holds the vendor's own wall-clock
 * time ("2026-12-01T09:00", no zone); the API takes and gives RFC 3339 instants in UTC.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant from the API as a `datetime-local` value in the browser's time zone ("" for none). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** Whether `value` is empty or a `datetime-local` value. */
export function isLocalInput(value: string): boolean {
  const text = value.trim();
  return text === '' || (LOCAL.test(text) && !Number.isNaN(new Date(text).getTime()));
}

/**
 * A `datetime-local` value as the API's instant in UTC ("2026-12-01T07:00:00.000Z" for 09:00 in
 * Johannesburg); null when it is empty (or not a time at all).
 */
export function localInputToIso(value: string): string | null {
  const text = value.trim();
  if (text === '' || !LOCAL.test(text)) return null;
  // Without a zone, a date-time string is read in local time (ECMAScript Date Time String Format).
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const DISPLAY = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the vendor reads it, in their time zone: "01 Dec 2026, 09:00". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DISPLAY.format(date);
}
