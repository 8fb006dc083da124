import { cn } from '@/lib/cn';
import { adminStatusLabel, customerStatusLabel, priorityLabel } from '@/features/tickets/lib/ticket-words';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

// The area's status tones (components/area/status-badge.tsx), dark theme included.
const INFO = 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200';
const SUCCESS = 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200';
const WARNING = 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const DANGER = 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';
const NEUTRAL = 'bg-neutral-100 text-neutral-700';

const STATUS_CLASS: Record<string, string> = { open: INFO, pending: WARNING, solved: SUCCESS };

const PRIORITY_CLASS: Record<string, string> = { low: NEUTRAL, normal: NEUTRAL, high: WARNING, urgent: DANGER };

/** A ticket's status; `audience` picks the words (the customer's "Waiting on you"). */
export function TicketStatusBadge({ status, audience }: { status: string; audience: 'customer' | 'admin' }) {
  return (
    <span data-testid="ticket-status" className={cn(BADGE, STATUS_CLASS[status] ?? NEUTRAL)}>
      {audience === 'customer' ? customerStatusLabel(status) : adminStatusLabel(status)}
    </span>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  return (
    <span data-testid="ticket-priority" className={cn(BADGE, PRIORITY_CLASS[priority] ?? NEUTRAL)}>
      {priorityLabel(priority)}
    </span>
  );
}
