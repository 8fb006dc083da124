import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { usePathname } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '@/components/layout/site-footer';
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

  it.each([['/admin/'], ['/admin/vendors/'], ['/vendor'], ['/vendor/apply/']])('is not shown on %s (the areas have their own shell)', (path) => {
    vi.mocked(usePathname).mockReturnValue(path);
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    const { container } = renderWithQueryClient(<SiteFooter />);
    expect(container).toBeEmptyDOMElement();
  });
});
