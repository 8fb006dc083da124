import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { usePathname, useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminShell } from '@/features/admin/components/admin-shell';
import { profile, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useRouter: vi.fn() }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const PAGE = 'The admin page';
let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  server.use(
    http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())),
    // The navigation's unread messages badge: none, unless a test says otherwise.
    http.get('*/api/v1/conversations/unread', () => HttpResponse.json({ customer: 0, vendor: 0, support: 0 })),
  );
});

function renderAt(path: string, role?: string) {
  vi.mocked(usePathname).mockReturnValue(path);
  if (role) {
    storeSession();
    server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile({ role }))));
  }
  return renderWithQueryClient(<AdminShell>{PAGE}</AdminShell>);
}

describe('the admin area guard', () => {
  it('sends a signed-out visitor to sign in, coming back here afterwards', async () => {
    window.history.replaceState(null, '', '/admin/applications/?status=rejected');
    renderAt('/admin/applications/');
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/auth/?redirect=%2Fadmin%2Fapplications%2F%3Fstatus%3Drejected'),
    );
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it.each([['customer'], ['vendor']])('shows a %s "Admins only" and a link home', async (role) => {
    renderAt('/admin/', role);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('counts unread support messages on Support', async () => {
    server.use(http.get('*/api/v1/conversations/unread', () => HttpResponse.json({ customer: 0, vendor: null, support: 120 })));
    renderAt('/admin/', 'admin');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    const support = await within(nav).findByRole('link', { name: 'Support, 99+ unread' });
    expect(support).toHaveAttribute('href', '/admin/support/');
  });

  it('shows an admin the page and the admin navigation', async () => {
    renderAt('/admin/vendors/', 'admin');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    expect(screen.getByTestId('area-name')).toHaveTextContent('Admin Panel');
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Dashboard',
        'Orders',
        'Support',
        'Tickets',
        'Help centre',
        'Products',
        'Import',
        'Stock',
        'Media',
        'Categories',
        'Attributes',
        'Reviews',
        'Users',
        'Applications',
        'Vendors',
        'Agreements',
        'Payouts',
        'Coupons',
        'Daily deals',
        'Points codes',
        'Home page',
        'Audit log',
        'Settings',
      ]),
    );
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
  });
});
