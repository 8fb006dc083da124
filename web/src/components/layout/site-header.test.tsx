import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '@/components/layout/site-header';
import { loadPage } from '@/lib/navigation';
import { authUser, profile, storedSession, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useRouter: vi.fn(() => ({ push: vi.fn() })) }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);

beforeEach(() => {
  mockedPathname.mockReturnValue('/');
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

function serveProfile(body: ReturnType<typeof profile>) {
  server.use(http.get('*/api/v1/profile', () => HttpResponse.json(body)));
}

async function openAccountMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('account-menu-trigger'));
  return { user, menu: await screen.findByRole('menu') };
}

describe('SiteHeader account control', () => {
  it('shows Sign In, linking to /login/, when signed out', () => {
    renderWithQueryClient(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByTestId('account-menu-trigger')).not.toBeInTheDocument();
  });

  it('shows the avatar menu with name, email, Profile & Settings and Sign Out when signed in', async () => {
    storeSession();
    serveProfile(profile({ full_name: 'Chloe Customer', avatar_url: 'https://cdn.example.com/chloe.png' }));
    renderWithQueryClient(<SiteHeader />);

    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    const trigger = await screen.findByRole('button', { name: 'Account menu for Chloe Customer' });
    await waitFor(() =>
      expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/chloe.png'),
    );

    const { menu } = await openAccountMenu();
    expect(within(menu).getByText('Chloe Customer')).toBeInTheDocument();
    expect(within(menu).getByText('chloe@example.com')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile & Settings', 'Wishlist', 'Sign Out']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile & Settings' })).toHaveAttribute('href', '/profile/');
  });

  it('shows "User" and an initial when the account has no name or picture', async () => {
    storeSession({ user: authUser({ user_metadata: {} }) });
    serveProfile(profile({ full_name: '', avatar_url: null }));
    renderWithQueryClient(<SiteHeader />);

    const trigger = await screen.findByRole('button', { name: 'Account menu for User' });
    expect(trigger).toHaveTextContent('U');
    expect(trigger.querySelector('img')).toBeNull();
    const { menu } = await openAccountMenu();
    expect(within(menu).getByText('User')).toBeInTheDocument();
  });

  it.each([
    ['customer', ['Profile & Settings', 'Wishlist', 'Sign Out']],
    ['vendor', ['Profile & Settings', 'Vendor Dashboard', 'Wishlist', 'Sign Out']],
    ['admin', ['Profile & Settings', 'Admin Panel', 'Wishlist', 'Sign Out']],
  ])('gives a %s the menu entries of that role, in SPEC order', async (role, expected) => {
    storeSession();
    serveProfile(profile({ role }));
    renderWithQueryClient(<SiteHeader />);

    await screen.findByRole('button', { name: 'Account menu for Chloe Customer' });
    const { menu } = await openAccountMenu();
    await waitFor(() =>
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(expected),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist/');
    if (role === 'vendor') {
      expect(within(menu).getByRole('menuitem', { name: 'Vendor Dashboard' })).toHaveAttribute('href', '/vendor/');
    }
    if (role === 'admin') {
      expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/');
    }
  });

  it('signs out from the menu: ends the session, forgets it, and loads /', async () => {
    storeSession();
    serveProfile(profile());
    const logout = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.post('*/auth/v1/logout', logout));
    renderWithQueryClient(<SiteHeader />);

    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(storedSession()).toBeNull();
  });
});

describe('SiteHeader slots', () => {
  it('puts search and the bell before the theme switch and the account control; the bell from md up', () => {
    renderWithQueryClient(<SiteHeader search={<span>search box</span>} notifications={<span>bell</span>} />);
    const actions = screen.getByTestId('header-actions');
    expect(actions.textContent?.indexOf('search box')).toBe(0);
    expect(within(actions).getByText('bell').parentElement).toHaveClass('hidden', 'md:flex');
    const order = Array.from(actions.children).map((child) => child.textContent || child.getAttribute('data-testid'));
    expect(order.indexOf('bell')).toBeLessThan(order.indexOf('theme-menu-trigger'));
  });
});

describe('SiteHeader visibility', () => {
  it.each(['/admin', '/admin/orders/', '/vendor', '/vendor/products/new/'])('is hidden on %s', (path) => {
    mockedPathname.mockReturnValue(path);
    const { container } = renderWithQueryClient(<SiteHeader />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each(['/', '/products/', '/vendors-guide/', '/administration/'])('is shown on %s', (path) => {
    mockedPathname.mockReturnValue(path);
    renderWithQueryClient(<SiteHeader />);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Shop' })).toBeInTheDocument();
  });
});
