import { http, HttpResponse } from 'msw';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { usePathname, useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VendorShell } from '@/features/vendor/components/vendor-shell';
import { profile, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useRouter: vi.fn() }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const PAGE = 'The vendor page';
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
  return renderWithQueryClient(<VendorShell>{PAGE}</VendorShell>);
}

describe('the vendor area guard', () => {
  it('sends a signed-out visitor to sign in, coming back here afterwards', async () => {
    renderAt('/vendor/contracts/');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/?redirect=%2Fvendor%2Fcontracts%2F'));
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in from the pages customers use too', async () => {
    renderAt('/vendor/apply/');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/?redirect=%2Fvendor%2Fapply%2F'));
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
  });

  it('tells a customer on a vendor page that it needs a vendor account, with a way to apply and a way home', async () => {
    renderAt('/vendor/', 'customer');
    expect(await screen.findByRole('heading', { level: 1, name: 'You need a vendor account' })).toBeInTheDocument();
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to sell' })).toHaveAttribute('href', '/vendor/apply/');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(replace).not.toHaveBeenCalled();
  });

  it('does not let an admin in either: the role must match exactly', async () => {
    renderAt('/vendor/contracts/', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'You need a vendor account' })).toBeInTheDocument();
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
  });

  it.each([['/vendor/apply/'], ['/vendor/applications/']])('lets a customer use %s, with Apply in the navigation', async (path) => {
    renderAt(path, 'customer');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Vendor' })[0]!;
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Apply', 'Applications']),
    );
  });

  it('counts the store’s unread messages on Messages', async () => {
    server.use(http.get('*/api/v1/conversations/unread', () => HttpResponse.json({ customer: 1, vendor: 3, support: null })));
    renderAt('/vendor/orders/', 'vendor');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Vendor' })[0]!;
    const messages = await within(nav).findByRole('link', { name: 'Messages, 3 unread' });
    expect(messages).toHaveAttribute('href', '/vendor/messages/');
    expect(within(messages).getByTestId('nav-unread')).toHaveTextContent('3');
  });

  it('shows a vendor the page and the vendor navigation, marking the current page', async () => {
    renderAt('/vendor/contracts/', 'vendor');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Vendor' })[0]!;
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Dashboard',
        'Orders',
        'Messages',
        'Money',
        'Analytics',
        'Products',
        'Inventory',
        'Shipping',
        'Coupons',
        'Daily deals',
        'Store',
        'Customise store',
        'Media',
        'Applications',
        'Contracts',
      ]),
    );
    expect(within(nav).getByRole('link', { name: 'Contracts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/vendor/orders/');
    expect(within(nav).getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/vendor/media/');
    expect(within(nav).getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', '/vendor/shipping/');
    expect(within(nav).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/vendor/coupons/');
    expect(within(nav).getByRole('link', { name: 'Daily deals' })).toHaveAttribute('href', '/vendor/daily-deals/');
    // The compact header: the site's logo home, the area's name and the account menu.
    expect(screen.getByTestId('site-logo')).toHaveAttribute('href', '/');
    expect(screen.getByTestId('area-name')).toHaveTextContent('Vendor Dashboard');
    expect(await screen.findByRole('button', { name: 'Account menu for Chloe Customer' })).toBeInTheDocument();
  });

  it('marks Customise store, not Store, on /vendor/store/customize/', async () => {
    renderAt('/vendor/store/customize/', 'vendor');
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Vendor' })[0]!;
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Customise store' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Store' })).not.toHaveAttribute('aria-current');
  });

  it('shows the skeleton, not the page, while the role loads', async () => {
    renderAt('/vendor/', 'vendor');
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    expect(screen.queryByText(PAGE)).not.toBeInTheDocument();
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
  });

  it('reads the role again on entering, so a customer approved a moment ago gets in', async () => {
    storeSession();
    let role = 'customer';
    server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile({ role }))));
    vi.mocked(usePathname).mockReturnValue('/vendor/');
    const { queryClient, unmount } = renderWithQueryClient(<VendorShell>{PAGE}</VendorShell>);
    expect(await screen.findByText('You need a vendor account')).toBeInTheDocument();
    unmount();

    role = 'vendor';
    render(
      <QueryClientProvider client={queryClient}>
        <VendorShell>{PAGE}</VendorShell>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(PAGE)).toBeInTheDocument();
    expect(screen.queryByText('You need a vendor account')).not.toBeInTheDocument();
  });
});
