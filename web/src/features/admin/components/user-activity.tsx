import { Panel } from '@/components/area/area-states';
import { formatDateTime } from '@/lib/selling/statuses';
import type { AuditEntry } from '@/features/admin/api/users';
import { actionText, changesOf, reasonOf } from '@/features/admin/lib/user-words';

/** What admins did to the account (the audit log about the user), newest first. */
export function UserActivity({ entries }: { entries: AuditEntry[] }) {
  return (
    <Panel title="Activity" description="What admins did to this account, newest first.">
      {entries.length === 0 ? (
        <p className="text-sm text-neutral-600">No admin has changed this account.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-neutral-200" data-testid="user-activity">
          {entries.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </Panel>
  );
}

function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const reason = reasonOf(entry);
  const changes = changesOf(entry);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid="activity-entry" data-action={entry.action}>
      <p className="font-medium text-neutral-900" data-testid="activity-action">
        {actionText(entry)}
      </p>
      <p className="text-sm text-neutral-600">
        by <span className="text-neutral-800">{entry.actor_email}</span> ·{' '}
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </p>
      {reason ? (
        <p className="text-sm whitespace-pre-line text-neutral-700" data-testid="activity-reason">
          Reason: {reason}
        </p>
      ) : null}
      {changes.length > 0 ? (
        <ul className="text-sm text-neutral-700" data-testid="activity-changes">
          {changes.map((change) => (
            <li key={change.label}>
              {change.label}: {change.from} → {change.to}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
