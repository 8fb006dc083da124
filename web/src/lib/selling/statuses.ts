import type { StatusTone } from '@/components/area/status-badge';

/** How application and vendor statuses read in the areas: a label and a colour. */

export interface StatusLook {
  label: string;
  tone: StatusTone;
}

const APPLICATION: Record<string, StatusLook> = {
  submitted: { label: 'Submitted', tone: 'info' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  changes_requested: { label: 'Changes requested', tone: 'warning' },
};

const VENDOR: Record<string, StatusLook> = {
  approved: { label: 'Approved', tone: 'success' },
  pending: { label: 'Pending', tone: 'info' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

function fallback(status: string): StatusLook {
  const text = status.replace(/_/g, ' ');
  return { label: text.charAt(0).toUpperCase() + text.slice(1), tone: 'neutral' };
}

export function applicationStatus(status: string): StatusLook {
  return APPLICATION[status] ?? fallback(status);
}

export function vendorStatus(status: string): StatusLook {
  return VENDOR[status] ?? fallback(status);
}

/** The filters of the admin's application list, in tab order ('' is every status). */
export const APPLICATION_FILTERS = [
  { value: 'submitted', label: 'Submitted' },
  { value: 'changes_requested', label: 'Changes requested' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

export const VENDOR_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'suspended', label: 'Suspended' },
] as const;

/** Dates in the areas: "12 Mar 2026" and "12 Mar 2026, 14:05" (South African order). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
