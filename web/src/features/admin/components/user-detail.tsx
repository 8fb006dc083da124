'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { ErrorState, PageSkeleton, Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { formatDate, formatDateTime } from '@/lib/selling/statuses';
import { cn } from '@/lib/cn';
import { useAdminUser, type AdminUserDetail } from '@/features/admin/api/users';
import { UserActions } from '@/features/admin/components/user-actions';
import { UserActivity } from '@/features/admin/components/user-activity';
import {
  formatCount,
  orderLook,
  pointsTypeLabel,
  roleLook,
  sessionLevel,
  signedPoints,
} from '@/features/admin/lib/user-words';

/** Where one order opens in the admin area. */
export function adminOrderHref(orderId: string): string {
  return `/admin/orders/?id=${encodeURIComponent(orderId)}`;
}

/** One user: who they are, the admin's actions, their orders, points, sessions and the activity on the account. */
export function UserDetail({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminUser(id);
  if (isPending) return <PageSkeleton label="Loading the user" />;
  if (isError) {
    return (
      <>
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-neutral-900">User</h1>
        <ErrorState
          title={error instanceof ApiError && error.isNotFound ? 'User not found' : undefined}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </>
    );
  }
  return <Detail key={data.user.id} detail={data} reload={() => refetch()} reloading={isFetching} />;
}

function Detail({
  detail,
  reload,
  reloading,
}: {
  detail: AdminUserDetail;
  reload: () => Promise<unknown>;
  reloading: boolean;
}) {
  const { user } = detail;
  const role = roleLook(user.role);
  // Set when a change was refused because someone else changed the user first (409 stale).
  const [stale, setStale] = useState<string | null>(null);

  return (
    <article className="flex flex-col gap-6" data-testid="user-detail">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-neutral-900 sm:text-3xl">
            {user.full_name || user.email}
          </h1>
          <p className="mt-1 text-sm break-words text-neutral-600">
            {user.email} · joined {formatDate(user.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-testid="user-badges">
          <StatusBadge label={role.label} tone={role.tone} className="text-sm" />
          {user.suspended ? <StatusBadge label="Suspended" tone="danger" className="text-sm" /> : null}
        </div>
      </header>

      {stale ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
          data-testid="user-stale"
        >
          <p>{stale}</p>
          <Button
            variant="secondary"
            className="h-9"
            disabled={reloading}
            onClick={() => void reload().then(() => setStale(null))}
          >
            Reload
          </Button>
        </div>
      ) : null}

      {user.suspended ? (
        <p
          className="rounded-xl bg-red-50 px-5 py-4 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
          data-testid="user-suspension"
        >
          Suspended {user.suspended_at ? `on ${formatDateTime(user.suspended_at)}` : null}
          {user.suspended_reason ? `: ${user.suspended_reason}` : null}
        </p>
      ) : null}

      <UserActions detail={detail} onStale={setStale} />

      <Panel title="Account">
        <Facts
          rows={[
            ['Email', user.email],
            ['Name', user.full_name || 'Not given'],
            ['Role', role.label],
            ['Email address', user.email_confirmed ? 'Confirmed' : 'Not confirmed'],
            ['Last signed in', user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'],
            ['Joined', formatDateTime(user.created_at)],
            ['Points balance', <span key="points" data-testid="user-points">{formatCount(user.points_balance)}</span>],
            ['Second factor', detail.factors > 0 ? `${detail.factors} verified` : 'None'],
            ['Standing', user.suspended ? 'Suspended' : 'Active'],
          ]}
        />
      </Panel>

      <Panel
        title="Recent orders"
        description={
          detail.orders_total > detail.orders.length
            ? `The ${detail.orders.length} most recent of ${formatCount(detail.orders_total)} orders.`
            : undefined
        }
      >
        {detail.orders.length === 0 ? <None>No orders yet.</None> : <OrdersTable detail={detail} />}
      </Panel>

      <Panel title="Points history">
        {detail.points.length === 0 ? <None>No points earned or spent yet.</None> : <PointsTable detail={detail} />}
      </Panel>

      <Panel title="Sessions" description="Where the user is signed in now.">
        {detail.sessions.length === 0 ? <None>Not signed in anywhere.</None> : <SessionsTable detail={detail} />}
      </Panel>

      <UserActivity entries={detail.audit} />
    </article>
  );
}

function None({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-600">{children}</p>;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-600">{term}</dt>
          <dd className="break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const TH = 'px-3 py-2';
const TH_FIRST = 'px-5 py-2 sm:px-6';
const TD = 'px-3 py-3';
const TD_FIRST = 'px-5 py-3 whitespace-nowrap sm:px-6';
const HEAD = 'border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase';

function OrdersTable({ detail }: { detail: AdminUserDetail }) {
  return (
    <ScrollTable label="Recent orders" className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-xl text-left text-sm">
        <caption className="sr-only">Recent orders</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={TH_FIRST}>
              Order
            </th>
            <th scope="col" className={TH}>
              Placed
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={cn(TH_FIRST, 'text-right')}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {detail.orders.map((order) => {
            const look = orderLook(order.status);
            return (
              <tr key={order.id} data-testid="user-order">
                <td className={TD_FIRST}>
                  <Link
                    href={adminOrderHref(order.id)}
                    className="font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    {order.order_number}
                  </Link>
                </td>
                <td className={cn(TD, 'whitespace-nowrap')}>
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                </td>
                <td className={TD}>
                  <StatusBadge label={look.label} tone={look.tone} />
                </td>
                <td className={cn(TD_FIRST, 'text-right tabular-nums')}>{formatMoney(order.total_cents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function PointsTable({ detail }: { detail: AdminUserDetail }) {
  return (
    <ScrollTable label="Points history" className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-xl text-left text-sm">
        <caption className="sr-only">Points history</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={TH_FIRST}>
              Date
            </th>
            <th scope="col" className={TH}>
              Kind
            </th>
            <th scope="col" className={TH}>
              Description
            </th>
            <th scope="col" className={cn(TH_FIRST, 'text-right')}>
              Points
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {detail.points.map((entry, index) => (
            <tr key={`${entry.created_at}-${index}`} data-testid="user-points-entry">
              <td className={TD_FIRST}>
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </td>
              <td className={TD}>{pointsTypeLabel(entry.transaction_type)}</td>
              <td className={cn(TD, 'text-neutral-700')}>{entry.description}</td>
              <td
                className={cn(
                  TD_FIRST,
                  'text-right font-medium tabular-nums',
                  entry.transaction_type === 'spent' ? 'text-neutral-900' : 'text-green-700 dark:text-green-400',
                )}
              >
                {signedPoints(entry)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function SessionsTable({ detail }: { detail: AdminUserDetail }) {
  return (
    <ScrollTable label="Sessions" className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-xl text-left text-sm">
        <caption className="sr-only">Sessions</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={TH_FIRST}>
              Signed in
            </th>
            <th scope="col" className={TH}>
              Last active
            </th>
            <th scope="col" className={TH}>
              With
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {detail.sessions.map((session) => (
            <tr key={session.id} data-testid="user-session">
              <td className={TD_FIRST}>
                <time dateTime={session.created_at}>{formatDateTime(session.created_at)}</time>
              </td>
              <td className={cn(TD, 'whitespace-nowrap')}>
                <time dateTime={session.updated_at}>{formatDateTime(session.updated_at)}</time>
              </td>
              <td className={TD}>{sessionLevel(session.aal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
