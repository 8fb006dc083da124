import Link from 'next/link';
import { ArrowRight } from 'lucide-react';
import { formatMoney } from '@/lib/money';
import { formatCommission } from '@/lib/selling/commission';
import { formatDateTime } from '@/lib/selling/statuses';
import { cn } from '@/lib/cn';
import type { AuditEntry } from '@/features/admin/api/audit';

/**
 * One entry of the audit log: who did what, when, why, and what it changed (before → after).
 * Shown on /admin/audit-log and in the history of the objects it is about (an order's Activity).
 */

const ACTIONS: Record<string, string> = {
  'vendor_application.approve': 'Approved a vendor application',
  'vendor_application.reject': 'Rejected a vendor application',
  'vendor_application.request_changes': 'Asked for changes to a vendor application',
  'vendor_agreement.publish': 'Published a vendor agreement',
  'vendor.suspend': 'Suspended a store',
  'vendor.reinstate': 'Reinstated a store',
  'vendor.set_commission': 'Set a store’s commission',
  'vendor.adjust_balance': 'Adjusted a vendor’s balance',
  'product.approve': 'Approved a product',
  'product.reject': 'Rejected a product',
  'product.feature': 'Featured a product',
  'product.unfeature': 'Stopped featuring a product',
  'order.set_status': 'Moved an order on',
  'order.refund': 'Refunded an order',
  'order.refund_retry': 'Asked PayFast again for a refund',
  'order.refund_paid': 'Recorded a refund as paid',
  'user.set_role': 'Changed a user’s role',
  'user.suspend': 'Suspended a user',
  'user.reinstate': 'Reinstated a user',
  'user.reset_factors': 'Reset a user’s second factors',
  'user.adjust_points': 'Adjusted a user’s points',
  'user.resend_confirmation': 'Sent a user’s confirmation email again',
  'payouts.run': 'Ran payouts',
  'payouts.bank_file': 'Downloaded a payout bank file',
  'payouts.settle': 'Settled a payout',
  'payout.run': 'Ran payouts',
  'payout.bank_file': 'Downloaded a payout bank file',
  'payout.settle': 'Settled a payout',
};

/** The actions known here, and the kinds of object they are about (`user`, `order`, …), for filters. */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(ACTIONS);
export const AUDIT_SUBJECT_TYPES: readonly string[] = [
  'order',
  'user',
  'product',
  'vendor',
  'vendor_application',
  'vendor_agreement',
  'payout',
  'payout_run',
];

function sentence(text: string): string {
  const words = text.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An action in words: "Suspended a user"; one not known here reads "Coupon: expire all" (from `coupon.expire_all`). */
export function auditActionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const dot = action.indexOf('.');
  if (dot <= 0) return sentence(action);
  return `${sentence(action.slice(0, dot))}: ${action.slice(dot + 1).replace(/[._]+/g, ' ').trim()}`;
}

const SUBJECT_PAGES: Record<string, string> = {
  user: '/admin/users/',
  order: '/admin/orders/',
  product: '/admin/products/',
  vendor_application: '/admin/applications/',
};

/** The admin page of an entry's object, where it has one. */
export function auditSubjectHref(subjectType: string, subjectId: string): string | null {
  const page = SUBJECT_PAGES[subjectType];
  return page && subjectId ? `${page}?id=${encodeURIComponent(subjectId)}` : null;
}

/** "order 0190b000…" — the kind of object and the start of its id. */
export function subjectText(subjectType: string, subjectId: string): string {
  const short = subjectId.length > 13 ? `${subjectId.slice(0, 8)}…` : subjectId;
  return `${subjectType.replace(/_/g, ' ')} ${short}`.trim();
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LABELS: Record<string, string> = {
  bps: 'Commission',
  commission_rate_bps: 'Commission',
  refund_due_cents: 'Owed back',
  value_cents: 'Goods’ worth',
  money_cents: 'Money back',
  amount_cents: 'Amount',
  total_cents: 'Total',
  points_returned: 'Points returned',
  points_reversed: 'Points taken back',
  restocked: 'Back in stock',
  factors: 'Second factors',
  status: 'Status',
  role: 'Role',
  suspended: 'Suspended',
  featured: 'Featured',
  balance: 'Points balance',
  points: 'Points',
  store_slug: 'Store',
  lines: 'Lines',
  payouts: 'Payouts',
  version: 'Version',
};

/** A detail's name in words: `refund_due_cents` → "Owed back", an unknown `points_cap` → "Points cap". */
export function detailLabel(key: string): string {
  return LABELS[key] ?? sentence(key.replace(/_(cents|bps)$/, ''));
}

/** A detail's value in words: cents in rand, basis points as a percentage, yes/no, lists counted. */
export function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key.endsWith('cents')) return formatMoney(value);
    if (key.endsWith('bps')) return formatCommission(value);
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }
  if (typeof value === 'string') return /^(status|role|from|to)$/.test(key) ? value.replace(/_/g, ' ') : value;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(', ') || 'none';
    const quantities = value.map((item) => (isObject(item) && typeof item.quantity === 'number' ? item.quantity : 0));
    const items = quantities.reduce((sum, quantity) => sum + quantity, 0);
    const lines = value.length === 1 ? '1 line' : `${value.length} lines`;
    return items > 0 ? `${lines}, ${items === 1 ? '1 item' : `${items} items`}` : lines;
  }
  if (isObject(value)) {
    return Object.entries(value)
      .map(([name, inner]) => `${detailLabel(name)}: ${detailValue(name, inner)}`)
      .join('; ');
  }
  return String(value);
}

export interface DetailChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

export interface DetailFigure {
  key: string;
  label: string;
  value: string;
}

export interface DescribedDetails {
  reason: string | null;
  changes: DetailChange[];
  figures: DetailFigure[];
}

/** Ids the page already links to, or that mean nothing to a reader. */
const HIDDEN = /(^|_)id$/;

/**
 * An entry's details read as a reason, changes and figures. Changes come from `before`/`after`
 * (objects compared key by key, or plain values), `from`/`to`, and `from_x`/`to_x` pairs.
 */
export function describeDetails(details: unknown): DescribedDetails {
  const data = isObject(details) ? details : {};
  const used = new Set<string>(['reason', 'before', 'after', 'from', 'to']);
  const changes: DetailChange[] = [];
  const change = (key: string, label: string, before: unknown, after: unknown) =>
    changes.push({ key, label, before: detailValue(key, before), after: detailValue(key, after) });

  const { before, after } = data;
  if (isObject(before) || isObject(after)) {
    const was = isObject(before) ? before : {};
    const now = isObject(after) ? after : {};
    for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
      // A value the action left as it was (a suspended user's role) is no change.
      if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
      change(key, detailLabel(key), was[key], now[key]);
    }
  } else if (before !== undefined || after !== undefined) {
    change('value', 'Value', before, after);
  }
  if (data.from !== undefined || data.to !== undefined) change('status', detailLabel('status'), data.from, data.to);
  for (const key of Object.keys(data)) {
    const match = /^from_(.+)$/.exec(key);
    const name = match?.[1];
    if (!name || !(`to_${name}` in data)) continue;
    used.add(key).add(`to_${name}`);
    change(name, detailLabel(name), data[key], data[`to_${name}`]);
  }

  const figures = Object.entries(data)
    .filter(([key]) => !used.has(key) && !HIDDEN.test(key))
    .map(([key, value]) => ({ key, label: detailLabel(key), value: detailValue(key, value) }));
  const reason = typeof data.reason === 'string' && data.reason.trim() ? data.reason : null;
  return { reason, changes, figures };
}

/**
 * One audit entry: the action in words (and as recorded), who and when, the object it is about
 * (linked to its admin page where there is one) unless `showSubject` is false, the reason, and
 * each change as before → after.
 */
export function AuditEntryView({
  entry,
  showSubject = true,
  className,
}: {
  entry: AuditEntry;
  showSubject?: boolean;
  className?: string;
}) {
  const { reason, changes, figures } = describeDetails(entry.details);
  const href = auditSubjectHref(entry.subject_type, entry.subject_id);
  const subject = subjectText(entry.subject_type, entry.subject_id);
  return (
    <article className={cn('flex flex-col gap-2 text-sm', className)} data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-neutral-900">
          <span data-testid="audit-action">{auditActionLabel(entry.action)}</span>
          <span className="ml-2 font-mono text-xs font-normal text-neutral-500">{entry.action}</span>
        </p>
        <time dateTime={entry.created_at} className="text-xs text-neutral-600" data-testid="audit-time">
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      <p className="text-neutral-700">
        By <span className="font-medium text-neutral-900" data-testid="audit-actor">{entry.actor_email}</span>
        {showSubject ? (
          <>
            {' · on '}
            {href ? (
              <Link
                href={href}
                className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                data-testid="audit-subject"
                title={entry.subject_id}
              >
                {subject}
              </Link>
            ) : (
              <span data-testid="audit-subject" title={entry.subject_id}>
                {subject}
              </span>
            )}
          </>
        ) : null}
      </p>
      {reason ? (
        <p className="whitespace-pre-line text-neutral-700" data-testid="audit-reason">
          <span className="text-neutral-600">Reason: </span>
          {reason}
        </p>
      ) : null}
      {changes.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Changes">
          {changes.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center gap-x-2 text-neutral-700" data-testid="audit-change">
              <span className="text-neutral-600">{item.label}:</span>
              <span className="text-neutral-600">{item.before}</span>
              <ArrowRight aria-label="changed to" role="img" className="size-3.5 text-neutral-500" />
              <span className="font-medium text-neutral-900">{item.after}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {figures.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-neutral-700">
          {figures.map((figure) => (
            <div key={figure.key} className="flex gap-1" data-testid="audit-figure">
              <dt className="text-neutral-600">{figure.label}:</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}
