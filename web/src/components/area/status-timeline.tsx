import { StatusBadge, type StatusTone } from '@/components/area/status-badge';

export interface TimelineEntry {
  status: string;
  message: string | null;
  created_at: string;
}

/** A record's history, oldest first: each status it took, when, and the message that came with it. */
export function StatusTimeline({
  entries,
  look,
  formatTime,
  label = 'History',
}: {
  entries: readonly TimelineEntry[];
  look: (status: string) => { label: string; tone: StatusTone };
  formatTime: (iso: string) => string;
  label?: string;
}) {
  if (entries.length === 0) return null;
  return (
    <ol aria-label={label} className="flex flex-col gap-4 border-l-2 border-neutral-200 pl-4" data-testid="status-timeline">
      {entries.map((entry, index) => {
        const { label: statusLabel, tone } = look(entry.status);
        return (
          <li key={`${entry.created_at}-${index}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-neutral-400 ring-4 ring-white"
            />
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge label={statusLabel} tone={tone} />
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
