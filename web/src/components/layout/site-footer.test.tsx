import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { usePathname } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '@/components/layout/site-footer';
import { DISPLAY_CURRENCY_KEY } from '@/lib/display-currency';
import { onOpenCookieSettings } from '@/lib/tracking/cookie-settings';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(() => '/') }));

// Every route the footer may link to exists in src/app; nothing else may appear.
const EXPECTED_LINKS: [string, string][] = [
  ['Products', '/products/'],
  ['Categories', '/categories/'],
  ['Delivery Policy', '/delivery-policy/'],
  ['Returns', '/returns/'],
  ['Help', '/help/'],
  ['Welcome', '/welcome/'],
  ['About Us', '/about/'],
  ['Contact', '/contact/'],
  ['Register as Vendor', '/seller-signup/'],
  ['Privacy Policy', '/privacy/'],
  ['Terms of Service', '/terms/'],
];

describe('SiteFooter', () => {
  it('links to each shop, support, company and legal page, and to nothing else', () => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    renderWithQueryClient(<SiteFooter />);

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    for (const [label, href] of EXPECTED_LINKS) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }

    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(new Set(hrefs)).toEqual(new Set(EXPECTED_LINKS.map(([, href]) => href)));
    expect(hrefs).toHaveLength(EXPECTED_LINKS.length);
  });

  it('groups the links under headings', () => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    renderWithQueryClient(<SiteFooter />);

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Shop',
      'Support',
      'Company',
      'Legal',
    ]);
  });

  it('has a “Cookie settings” button that opens the consent dialog', async () => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    const opened = vi.fn();
    const unsubscribe = onOpenCookieSettings(opened);
    renderWithQueryClient(<SiteFooter />);

    await userEvent.setup().click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie settings' }));
    expect(opened).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('offers the currencies with a rate under “Prices in”, and keeps the choice in this browser', async () => {
    server.use(
      http.get('*/api/v1/settings/public', () =>
        HttpResponse.json(
          publicSettings({
            currencies: [
              { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: true, rate: '0.05' },
              { code: 'GBP', name: 'British Pound', symbol: '£', decimal_places: 2, enabled: false, rate: '0.043' },
              { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimal_places: 0, enabled: true, rate: null },
              { code: 'USD', name: 'US Dollar', symbol: '$', decimal_places: 2, enabled: true, rate: '0.054' },
              { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
            ],
          }),
        ),
      ),
    );
    renderWithQueryClient(<SiteFooter />);

    const select = await screen.findByRole('combobox', { name: 'Prices in' });
    expect(within(select).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'ZAR',
      'EUR',
      'USD',
    ]);
    expect(select).toHaveValue('ZAR');
    const user = userEvent.setup();
    await user.selectOptions(select, 'USD');
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('USD');
    expect(select).toHaveValue('USD');
    await user.selectOptions(select, 'ZAR');
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBeNull();
  });

  it('has no “Prices in” when only the store currency has a rate', async () => {
    server.use(
      http.get('*/api/v1/settings/public', () =>
        HttpResponse.json(
          publicSettings({
            currencies: [
              { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: true, rate: null },
              { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
            ],
          }),
        ),
      ),
    );
    const { queryClient } = renderWithQueryClient(<SiteFooter />);
    await waitFor(() => expect(queryClient.getQueryState(['settings', 'public'])?.status).toBe('success'));
    expect(screen.queryByRole('combobox', { name: 'Prices in' })).not.toBeInTheDocument();
  });

  it.each([['/admin/'], ['/admin/vendors/'], ['/vendor'], ['/vendor/apply/']])('is not shown on %s (the areas have their own shell)', (path) => {
    vi.mocked(usePathname).mockReturnValue(path);
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    const { container } = renderWithQueryClient(<SiteFooter />);
    expect(container).toBeEmptyDOMElement();
  });
});
