/** How tickets read: their statuses and priorities in words, and where they live. */

/** The profile's tab of the customer's tickets. */
export const TICKETS_TAB_HREF = '/profile/?tab=tickets';

/** The admins' list; `?id=` opens one ticket in its place (a static export has no page per id). */
export const ADMIN_TICKETS_PATH = '/admin/tickets/';

export function adminTicketHref(id: string): string {
  return `${ADMIN_TICKETS_PATH}?id=${encodeURIComponent(id)}`;
}

/** A status as the customer reads it: pending is waiting on their answer. */
const CUSTOMER_STATUS: Record<string, string> = { open: 'Open', pending: 'Waiting on you', solved: 'Solved' };

/** A status as admins read it: pending is waiting on the customer. */
const ADMIN_STATUS: Record<string, string> = { open: 'Open', pending: 'Waiting on customer', solved: 'Solved' };

const PRIORITY: Record<string, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };

function fallback(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function customerStatusLabel(status: string): string {
  return CUSTOMER_STATUS[status] ?? fallback(status);
}

export function adminStatusLabel(status: string): string {
  return ADMIN_STATUS[status] ?? fallback(status);
}

export function priorityLabel(priority: string): string {
  return PRIORITY[priority] ?? fallback(priority);
}

export function sourceLabel(source: string): string {
  return source === 'chat' ? 'Support chat' : source === 'contact' ? 'Contact form' : fallback(source);
}
