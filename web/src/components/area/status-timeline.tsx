import type { ReactNode } from 'react';
import { StatusBadge, type StatusTone } from '@/components/area/status-badge';

export interface TimelineEntry {
  status: string;
  message: string | null;
  created_at: string;
}

/**
 * How a status shows: its label and tone for a StatusBadge (`look`), or a badge of the record's
 * own (`badge`: orders have colours of their own, SPEC §4).
 */
type StatusLook =
  | { look: (status: string) => { label: string; tone: StatusTone }; badge?: never }
  | { badge: (status: string) => ReactNode; look?: never };

/** A record's history, oldest first: each status it took, when, and the message that came with it. */
export function StatusTimeline({
  entries,
  look,
  badge,
  formatTime,
  label = 'History',
}: {
  entries: readonly TimelineEntry[];
  formatTime: (iso: string) => string;
  label?: string;
} & StatusLook) {
  if (entries.length === 0) return null;
  return (
    <ol aria-label={label} className="flex flex-col gap-4 border-l-2 border-neutral-200 pl-4" data-testid="status-timeline">
      {entries.map((entry, index) => {
        const status = look ? look(entry.status) : null;
        return (
          <li key={`${entry.created_at}-${index}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-neutral-400 ring-4 ring-white"
            />
            <div className="flex flex-wrap items-center gap-2">
              {status ? <StatusBadge label={status.label} tone={status.tone} /> : badge?.(entry.status)}
              <time dateTime={entry.created_at} className="text-xs text-neutral-600">
                {formatTime(entry.created_at)}
              </time>
            </div>
            {entry.message ? <p className="mt-1 text-sm whitespace-pre-line text-neutral-700">{entry.message}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
