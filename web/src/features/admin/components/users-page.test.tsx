import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUserList } from '@/features/admin/api/users';
import { AdminUsersPage } from '@/features/admin/components/users-page';
import { adminUser, USER_UUID, userDetail } from '@/features/admin/components/user-test-data';
import { usersTotalText } from '@/features/admin/lib/user-words';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

/** Answers the list with `users` and `total`; records each query string. */
function serveList(users: AdminUser[], total: AdminUserList['total'] = { count: users.length, capped: false }) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/admin/users', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({ users, total } satisfies AdminUserList);
    }),
  );
  return queries;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminUsersPage />);
}

describe('/admin/users', () => {
  it('lists users with the search and filters from the URL, each row opening the user', async () => {
    const queries = serveList([
      adminUser(),
      adminUser({ id: '0190e000-0000-7000-8000-000000000002', email: 'sipho@example.com', full_name: '', role: 'vendor', suspended: true, points_balance: 12_500 }),
    ]);
    renderPage('q=example&role=customer&standing=active&page=2');

    const rows = await screen.findAllByTestId('user-row');
    expect(queries[0]).toBe('?q=example&role=customer&standing=active&page=2&per_page=20');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'thandi@example.com' })).toHaveAttribute(
      'href',
      `/admin/users/?q=example&role=customer&standing=active&page=2&id=${USER_UUID}`,
    );
    expect(within(first).getByText('Thandi Nkosi')).toBeInTheDocument();
    expect(within(first).getByText('Customer')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('12 Mar 2026')).toBeInTheDocument();
    expect(within(second).getByText('Vendor')).toBeInTheDocument();
    expect(within(second).getByText('Suspended')).toBeInTheDocument();
    expect(within(second).getByText('12,500')).toBeInTheDocument();
    expect(screen.getByTestId('users-total')).toHaveTextContent('2 users');
    expect(screen.getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Role')).toHaveValue('customer');

    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.clear(search);
    await user.type(search, 'sipho{Enter}');
    expect(replace).toHaveBeenCalledWith('/admin/users/?q=sipho&role=customer&standing=active', { scroll: false });

    await user.selectOptions(screen.getByLabelText('Role'), 'Vendors');
    expect(replace).toHaveBeenLastCalledWith('/admin/users/?q=example&role=vendor&standing=active', { scroll: false });
  });

  it('ignores filters it does not know and asks for everyone', async () => {
    const queries = serveList([adminUser()]);
    renderPage('role=owner&standing=banned');
    await screen.findByTestId('user-row');
    expect(queries[0]).toBe('?page=1&per_page=20');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "10,000+" when the server stopped counting, and offers the next page', async () => {
    const users = Array.from({ length: 20 }, (_, index) =>
      adminUser({ id: `0190e000-0000-7000-8000-0000000001${String(index).padStart(2, '0')}`, email: `u${index}@example.com` }),
    );
    serveList(users, { count: 10_000, capped: true });
    renderPage('page=500');
    expect(await screen.findByTestId('users-total')).toHaveTextContent('10,000+ users');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/admin/users/?page=501');
  });

  it('has one empty state, naming the search', async () => {
    serveList([]);
    renderPage('q=nobody');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Nothing matches “nobody”.');
  });

  it('opens the user named by ?id=, with a way back to the list as it was', async () => {
    server.use(http.get('*/api/v1/admin/users/:id', () => HttpResponse.json(userDetail())));
    renderPage(`standing=suspended&id=${USER_UUID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All users' })).toHaveAttribute('href', '/admin/users/?standing=suspended');
  });

  it('reads totals in words', () => {
    expect(usersTotalText({ count: 1, capped: false })).toBe('1 user');
    expect(usersTotalText({ count: 0, capped: false })).toBe('0 users');
    expect(usersTotalText({ count: 2345, capped: false })).toBe('2,345 users');
    expect(usersTotalText({ count: 10_000, capped: true })).toBe('10,000+ users');
  });
});
