import { cn } from '@/lib/cn';
import { formatCommission } from '@/lib/selling/commission';
import { formatDate } from '@/lib/selling/statuses';
import type { Agreement } from '@/lib/selling/types';

/** An agreement's key terms: version, commission, payout schedule and when it was published. */
export function AgreementFacts({ agreement }: { agreement: Agreement }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3" data-testid="agreement-facts">
      <div>
        <dt className="text-neutral-600">Version</dt>
        <dd className="font-semibold text-neutral-900">
          {agreement.version}
          {agreement.published_at ? (
            <span className="font-normal text-neutral-600"> · {formatDate(agreement.published_at)}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-neutral-600">Commission</dt>
        <dd className="font-semibold text-neutral-900">{formatCommission(agreement.commission_rate_bps)} of each sale</dd>
      </div>
      <div>
        <dt className="text-neutral-600">Payouts</dt>
        <dd className="font-semibold text-neutral-900">{agreement.payout_schedule}</dd>
      </div>
    </dl>
  );
}

/** A short line of its own without closing punctuation reads as a section title ("Commission"). */
export function isTitleLine(paragraph: string): boolean {
  return !paragraph.includes('\n') && paragraph.length <= 60 && !/[.,:;!?)]$/.test(paragraph);
}

/**
 * The agreement's terms (plain text, paragraphs split by blank lines) in a box that scrolls.
 * `label` names the box where several versions share a title (/admin/agreements).
 */
export function AgreementTerms({ agreement, label }: { agreement: Agreement; label?: string }) {
  const paragraphs = agreement.terms
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    // Focusable, so the terms can be scrolled from the keyboard.
    <div
      role="region"
      aria-label={label ?? `Terms of ${agreement.title}`}
      tabIndex={0}
      className="max-h-64 overflow-y-auto rounded-md border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm leading-6 text-neutral-700"
      data-testid="agreement-terms"
    >
      {paragraphs.map((paragraph, index) => (
        <p
          key={index}
          className={cn('mb-3 whitespace-pre-line last:mb-0', isTitleLine(paragraph) && 'font-semibold text-neutral-900')}
        >
          {paragraph}
        </p>
      ))}
    </div>
  );
}
