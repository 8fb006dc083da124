'use client';

import { Suspense, useId } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm, StatusTabs } from '@/components/area/list-controls';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { pageCount } from '@/lib/page-param';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { USER_ROLES, USERS_PAGE_SIZE, useAdminUsers, type AdminUser, type AdminUserList } from '@/features/admin/api/users';
import { UserDetail } from '@/features/admin/components/user-detail';
import { STANDING_FILTERS, userListParamsFrom, usersHref, type UserListParams } from '@/features/admin/lib/user-list-params';
import { formatCount, roleLabel, roleLook, usersTotalText } from '@/features/admin/lib/user-words';

/**
 * /admin/users/?q=…&role=…&standing=…&page=N: every account, searched by email or name and
 * filtered by role and standing; `&id=…` opens one (its facts, orders, points, sessions, the
 * admin's actions and the activity on it).
 */
export function AdminUsersPage() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton />;
  const params = userListParamsFrom(searchParams);
  return params.id ? <DetailView params={params} id={params.id} /> : <ListView params={params} />;
}

function DetailView({ params, id }: { params: UserListParams; id: string }) {
  return (
    <>
      <p className="mb-4">
        <Link
          href={usersHref({ ...params, id: null })}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          ← All users
        </Link>
      </p>
      <UserDetail id={id} />
    </>
  );
}

/** The pages there are; when the server stopped counting, one more while the pages are full. */
function pagesOf(data: AdminUserList, page: number): number {
  const counted = pageCount(data.total.count, USERS_PAGE_SIZE);
  const more = data.total.capped && data.users.length === USERS_PAGE_SIZE ? page + 1 : page;
  return Math.max(counted, more);
}

function ListView({ params }: { params: UserListParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminUsers({
    q: params.q,
    role: params.role,
    standing: params.standing,
    page: params.page,
  });
  const filtered = params.q !== '' || params.role !== '' || params.standing !== '';

  return (
    <>
      <PageHeader title="Users" description="Every account: find one to change its role, suspend it or adjust its points." />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Account standing"
          options={STANDING_FILTERS}
          current={params.standing}
          hrefFor={(standing) => usersHref({ ...params, standing, page: 1 })}
        />
        <div className="flex flex-wrap items-end gap-3">
          <SearchForm
            key={params.q}
            label="Search users"
            placeholder="Email or name"
            initial={params.q}
            onSearch={(q) => router.replace(usersHref({ ...params, q, page: 1 }), { scroll: false })}
          />
          <RoleFilter
            role={params.role}
            onChange={(role) => router.replace(usersHref({ ...params, role, page: 1 }), { scroll: false })}
          />
        </div>
        {isPending ? (
          <ListSkeleton label="Loading users" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.users.length === 0 ? (
          <EmptyState title="No users here">
            <p className="text-neutral-600">
              {params.q ? `Nothing matches “${params.q}”.` : filtered ? 'No account has this role and standing.' : 'There are no accounts yet.'}
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="users-total">
              {usersTotalText(data.total)}
            </p>
            <UsersTable users={data.users} params={params} updating={isFetching} />
            <Pagination
              page={params.page}
              pageCount={pagesOf(data, params.page)}
              hrefFor={(page) => usersHref({ ...params, page })}
              label="User pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function RoleFilter({ role, onChange }: { role: string; onChange: (role: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        Role
      </label>
      <Select id={id} className="w-44" value={role} onChange={(event) => onChange(event.target.value)}>
        <option value="">All roles</option>
        {USER_ROLES.map((value) => (
          <option key={value} value={value}>
            {roleLabel(value)}s
          </option>
        ))}
      </Select>
    </div>
  );
}

function UsersTable({ users, params, updating }: { users: AdminUser[]; params: UserListParams; updating: boolean }) {
  return (
    <div className="rounded-xl border border-neutral-200 bg-white">
      <ScrollTable label="Users">
        <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Role
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Points
              </th>
              <th scope="col" className="px-3 py-2">
                Standing
              </th>
              <th scope="col" className="px-4 py-2">
                Joined
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {users.map((user) => {
              const role = roleLook(user.role);
              return (
                <tr key={user.id} data-testid="user-row" className="hover:bg-neutral-50">
                  <td className="max-w-64 px-4 py-3">
                    <Link
                      href={usersHref({ ...params, id: user.id })}
                      className="block truncate font-medium text-brand-700 underline-offset-4 hover:underline"
                      data-testid="user-link"
                    >
                      {user.email}
                    </Link>
                  </td>
                  <td className="max-w-48 truncate px-3 py-3 text-neutral-900">
                    {user.full_name || <span className="text-neutral-500">—</span>}
                  </td>
                  <td className="px-3 py-3">
                    <StatusBadge label={role.label} tone={role.tone} />
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums">{formatCount(user.points_balance)}</td>
                  <td className="px-3 py-3">
                    {user.suspended ? (
                      <StatusBadge label="Suspended" tone="danger" />
                    ) : (
                      <span className="text-neutral-600">Active</span>
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
