import { cn } from '@/lib/cn';

export type StatusTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Record<StatusTone, string> = {
  info: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  danger: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  neutral: 'bg-neutral-100 text-neutral-700',
};

/** A record's status as a coloured pill; the text carries the meaning, the colour helps. */
export function StatusBadge({ label, tone, className }: { label: string; tone: StatusTone; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
      data-testid="status-badge"
    >
      {label}
    </span>
  );
}
