import { format, isSameDay } from 'date-fns';

/** SPEC §9: a chat time is `h:mm a` today and `MMM d, h:mm a` on any other day. */
export function chatTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, isSameDay(date, now) ? 'h:mm a' : 'MMM d, h:mm a');
}
