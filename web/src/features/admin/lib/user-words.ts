import type { StatusLook } from '@/lib/selling/statuses';
import type { AuditEntry } from '@/features/admin/api/users';

/** How users, their orders, points, sessions and audit entries read on the admin's pages. */

const ROLE_LOOKS: Record<string, StatusLook> = {
  customer: { label: 'Customer', tone: 'neutral' },
  vendor: { label: 'Vendor', tone: 'info' },
  admin: { label: 'Admin', tone: 'warning' },
};

function capitalised(text: string): string {
  const words = text.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function roleLook(role: string): StatusLook {
  return ROLE_LOOKS[role] ?? { label: capitalised(role), tone: 'neutral' };
}

export function roleLabel(role: string): string {
  return roleLook(role).label;
}

const ORDER_LOOKS: Record<string, StatusLook> = {
  pending_payment: { label: 'Awaiting payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'info' },
  processing: { label: 'Processing', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

export function orderLook(status: string): StatusLook {
  return ORDER_LOOKS[status] ?? { label: capitalised(status), tone: 'neutral' };
}

/** A count with thousands grouped by commas: 10000 → "10,000". */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 user", "240 users", or "10,000+ users" when the server stopped counting. */
export function usersTotalText(total: { count: number; capped: boolean }): string {
  if (!total.capped && total.count === 1) return '1 user';
  return `${formatCount(total.count)}${total.capped ? '+' : ''} users`;
}

/** Spending takes points away; earning and refunds give them. */
export function signedPoints(entry: { transaction_type: string; points_amount: number }): string {
  const amount = Math.abs(entry.points_amount);
  return entry.transaction_type === 'spent' ? `−${formatCount(amount)}` : `+${formatCount(amount)}`;
}

export function pointsTypeLabel(type: string): string {
  return capitalised(type);
}

/** aal1: signed in with the password; aal2: with the second factor too. */
export function sessionLevel(aal: string): string {
  if (aal === 'aal2') return 'Password and second factor';
  if (aal === 'aal1') return 'Password';
  return aal;
}

// ---- Reasons and points, checked before they are sent (the server says the same). ----

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const REASON_LENGTH = `The reason must be ${REASON_MIN} to ${REASON_MAX} characters`;

/** The trimmed reason, or the message saying why it cannot be sent. */
export function checkReason(raw: string): { reason: string } | { error: string } {
  const reason = raw.trim();
  const length = [...reason].length;
  return length < REASON_MIN || length > REASON_MAX ? { error: REASON_LENGTH } : { reason };
}

export const MAX_POINTS_ADJUSTMENT = 1_000_000;
export const POINTS_NOT_WHOLE = 'Enter a whole number of points: 50 adds, -20 takes';
export const POINTS_ZERO = 'An adjustment adds or takes at least 1 point';
export const POINTS_TOO_MANY = `An adjustment is at most ${formatCount(MAX_POINTS_ADJUSTMENT)} points either way`;

/** A points adjustment as typed ("50", "-20", "+5"), or the message saying what is wrong. */
export function checkPoints(raw: string): { points: number } | { error: string } {
  const text = raw.trim().replace(/^\+/, '').replace(/^−/, '-');
  if (!/^-?\d+$/.test(text)) return { error: POINTS_NOT_WHOLE };
  const points = Number(text);
  if (points === 0) return { error: POINTS_ZERO };
  if (!Number.isSafeInteger(points) || Math.abs(points) > MAX_POINTS_ADJUSTMENT) return { error: POINTS_TOO_MANY };
  return { points };
}

// ---- The audit entries ("Activity"). ----

type Details = Record<string, unknown>;

function isRecord(value: unknown): value is Details {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailsOf(entry: AuditEntry): Details {
  const details: unknown = entry.details;
  return isRecord(details) ? details : {};
}

/** What the admin did, in words: "Suspended the account", "Added 50 points". */
export function actionText(entry: AuditEntry): string {
  const details = detailsOf(entry);
  switch (entry.action) {
    case 'user.set_role':
      return 'Changed the role';
    case 'user.suspend':
      return 'Suspended the account';
    case 'user.reinstate':
      return 'Reinstated the account';
    case 'user.reset_factors':
      return 'Reset the second factor';
    case 'user.adjust_points': {
      const points = typeof details.points === 'number' ? details.points : null;
      if (points === null) return 'Adjusted the points';
      const amount = `${formatCount(Math.abs(points))} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
      return points > 0 ? `Added ${amount}` : `Took ${amount}`;
    }
    case 'user.resend_confirmation':
      return 'Sent the confirmation email again';
    default: {
      const verb = entry.action.includes('.') ? entry.action.slice(entry.action.indexOf('.') + 1) : entry.action;
      return capitalised(verb);
    }
  }
}

/** The reason the admin gave, if any. */
export function reasonOf(entry: AuditEntry): string | null {
  const reason = detailsOf(entry).reason;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}

export interface Change {
  label: string;
  from: string;
  to: string;
}

const CHANGE_LABELS: Record<string, string> = {
  role: 'Role',
  suspended: 'Standing',
  factors: 'Second factors',
  balance: 'Points balance',
};

function changeValue(key: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (key === 'role' && typeof value === 'string') return roleLabel(value);
  if (key === 'suspended' && typeof value === 'boolean') return value ? 'Suspended' : 'Active';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The values the action changed, before → after (values that stayed the same are left out). */
export function changesOf(entry: AuditEntry): Change[] {
  const details = detailsOf(entry);
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      label: CHANGE_LABELS[key] ?? capitalised(key),
      from: changeValue(key, before[key]),
      to: changeValue(key, after[key]),
    }));
}
