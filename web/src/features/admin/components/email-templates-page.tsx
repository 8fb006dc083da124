'use client';

import Link from 'next/link';
import { ErrorState, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { formatDate } from '@/lib/selling/statuses';
import {
  emailTemplateHref,
  type EmailTemplateSummary,
  useEmailTemplates,
} from '@/features/admin/api/email-templates';

/** The groups the list shows the emails in, in the page's order. */
export const EMAIL_GROUPS = ['Orders', 'Accounts', 'Messages', 'Store applications'] as const;

export type EmailGroup = (typeof EMAIL_GROUPS)[number];

/** Which group an email is listed under, by its key (the account emails are the rest). */
export function emailGroup(key: string): EmailGroup {
  if (key.startsWith('order_')) return 'Orders';
  if (key.startsWith('vendor_application_')) return 'Store applications';
  if (key.startsWith('chat_')) return 'Messages';
  return 'Accounts';
}

/** "Default" while bazaar's own wording is used, else when the store's was saved. */
export function templateState(updatedAt: string | null | undefined): string {
  return updatedAt ? `Edited ${formatDate(updatedAt)}` : 'Default';
}

const HEADER_DESCRIPTION = 'The wording of every email the store sends.';

/**
 * /admin/email-templates: every email the store sends (GET /api/v1/admin/email-templates), grouped
 * as orders, accounts, messages and store applications, each with when it goes, whether it has the store's
 * own wording, and a link to its editor.
 */
export function AdminEmailTemplatesPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useEmailTemplates();
  if (isPending) return <PageSkeleton label="Loading the emails" />;
  return (
    <>
      <PageHeader title="Email templates" description={HEADER_DESCRIPTION} />
      {isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          {EMAIL_GROUPS.map((group) => {
            const emails = data.filter((email) => emailGroup(email.key) === group);
            return emails.length === 0 ? null : <EmailGroupPanel key={group} group={group} emails={emails} />;
          })}
        </div>
      )}
    </>
  );
}

function EmailGroupPanel({ group, emails }: { group: EmailGroup; emails: readonly EmailTemplateSummary[] }) {
  return (
    <Panel title={group}>
      <ul className="divide-y divide-neutral-200" aria-label={`${group} emails`}>
        {emails.map((email) => (
          <li
            key={email.key}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
            data-testid="email-template-row"
          >
            <div className="min-w-0 flex-1">
              <h3 className="text-base font-semibold text-neutral-900">{email.title}</h3>
              <p className="mt-0.5 text-sm text-neutral-600">{email.sent_when}</p>
            </div>
            <StatusBadge label={templateState(email.updated_at)} tone={email.updated_at ? 'info' : 'neutral'} />
            <Link
              href={emailTemplateHref(email.key)}
              aria-label={`Edit ${email.title}`}
              className="inline-flex h-9 items-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
            >
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
