import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isBottomBarHidden, MobileBottomBar } from '@/components/layout/mobile-bottom-bar';
import { profile, storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useRouter: vi.fn(() => ({ push: vi.fn() })) }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(usePathname).mockReturnValue('/');
});

describe('MobileBottomBar visibility', () => {
  it.each(['/admin', '/admin/orders/', '/vendor', '/vendor/products/new/', '/auth', '/auth/', '/auth/callback/', '/login/', '/signup/'])(
    'is hidden on %s',
    (path) => {
      expect(isBottomBarHidden(path)).toBe(true);
      vi.mocked(usePathname).mockReturnValue(path);
      const { container } = renderWithQueryClient(<MobileBottomBar />);
      expect(container).toBeEmptyDOMElement();
    },
  );

  it.each(['/', '/products/', '/daily-deals/', '/search/', '/authors/', '/vendors-guide/', '/profile/'])('is shown on %s', (path) => {
    expect(isBottomBarHidden(path)).toBe(false);
    vi.mocked(usePathname).mockReturnValue(path);
    renderWithQueryClient(<MobileBottomBar />);
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
  });

  it('keeps the end of the page clear with a spacer of its height, on phones only', () => {
    const { container } = renderWithQueryClient(<MobileBottomBar />);
    const spacer = container.querySelector('[data-bottom-bar-spacer]');
    expect(spacer).toHaveClass('md:hidden');
    expect(screen.getByTestId('mobile-bottom-bar')).toHaveClass('fixed', 'bottom-0', 'md:hidden');
  });
});

describe('MobileBottomBar items', () => {
  it('links home, products and daily deals, marks the current one, and offers Log in to guests', () => {
    vi.mocked(usePathname).mockReturnValue('/products/');
    renderWithQueryClient(<MobileBottomBar notifications={<span>bell</span>} chat={<span>messages</span>} />);
    const bar = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(bar.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products/');
    expect(bar.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(bar.getByRole('link', { name: 'Deals' })).toHaveAttribute('href', '/daily-deals/');
    expect(bar.getByRole('link', { name: 'Deals' })).not.toHaveAttribute('aria-current');
    expect(bar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/');
    expect(bar.getByText('bell')).toBeInTheDocument();
    expect(bar.getByText('messages')).toBeInTheDocument();
    // No link to pages that do not exist yet (quests).
    expect(bar.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/products/', '/daily-deals/', '/login/']);
  });

  it('opens the account menu for a signed-in user', async () => {
    storeSession();
    server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile())));
    renderWithQueryClient(<MobileBottomBar />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('chloe@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile & Settings' })).toHaveAttribute('href', '/profile/');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
