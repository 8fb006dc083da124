import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreResponse } from '@/features/stores/api/store-types';
import { StorePage } from '@/features/stores/components/store-page';
import { productSummary, publicSettings, storeResponse } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useSearchParams: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);
const mockedSearchParams = vi.mocked(useSearchParams);

function setLocation(pathname: string, search = '') {
  mockedPathname.mockReturnValue(pathname);
  mockedSearchParams.mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

const tee = productSummary();
const shoe = productSummary({
  id: '0190a000-0000-7000-8000-000000000002',
  slug: 'ovr-velocity-road-running-shoe',
  name: 'OVR Velocity Road Running Shoe',
  price_cents: 129900,
  sale_price_cents: null,
  effective_price_cents: 129900,
  discount_percent: null,
  on_sale: false,
  image_url: null,
});

/** Serves the given stores by slug (404 for any other) and records each request's slug and query. */
function serveStores(stores: StoreResponse[]) {
  const requested: { slug: string; search: string }[] = [];
  server.use(
    http.get('*/api/v1/stores/:slug', ({ params, request }) => {
      const slug = String(params.slug);
      requested.push({ slug, search: new URL(request.url).search });
      const found = stores.find((candidate) => candidate.store.store_slug === slug);
      if (!found) {
        return HttpResponse.json(
          { error: { code: 'not_found', message: `No store '${slug}'` } },
          { status: 404 },
        );
      }
      return HttpResponse.json(found);
    }),
  );
  return requested;
}

describe('StorePage', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  it('takes the slug from the pathname and renders the store with its products', async () => {
    setLocation('/store/ovr-official/');
    const requested = serveStores([storeResponse({}, [tee, shoe])]);

    renderWithQueryClient(<StorePage />);

    expect(screen.getByTestId('store-page-skeleton')).toBeInTheDocument();
    expect(await screen.findByTestId('store-name')).toHaveTextContent('OVR Official');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('OVR Official');
    expect(requested).toEqual([{ slug: 'ovr-official', search: '?page=1&per_page=20' }]);
    expect(screen.queryByTestId('store-page-skeleton')).not.toBeInTheDocument();
    // Signed out, asking the store starts with signing in, and comes back here.
    expect(screen.getByRole('link', { name: 'Ask the seller' })).toHaveAttribute(
      'href',
      '/auth/?redirect=%2Fstore%2Fovr-official%2F',
    );

    expect(screen.getByRole('img', { name: 'OVR Official logo' })).toHaveAttribute(
      'src',
      '/media/seed/vendors/ovr-official.svg',
    );
    expect(
      screen.getByText('The official OVR store: running and training apparel designed in Cape Town.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('store-delivery')).toHaveTextContent('Delivery in 4–8 business days');
    expect(screen.getByTestId('store-product-count')).toHaveTextContent('2 products');

    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    const [teeCard, shoeCard] = cards as [HTMLElement, HTMLElement];
    expect(within(teeCard).getByRole('link', { name: 'OVR Aero Running Tee' }).getAttribute('href')).toMatch(/^\/products\/ovr-aero-running-tee\/?$/);
    expect(within(teeCard).getByRole('heading', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();
    expect(within(teeCard).getByText('R399.00')).toBeInTheDocument();
    expect(within(shoeCard).getByRole('link', { name: 'OVR Velocity Road Running Shoe' }).getAttribute('href')).toMatch(/^\/products\/ovr-velocity-road-running-shoe\/?$/);
    expect(within(shoeCard).getByText('R1,299.00')).toBeInTheDocument();
    // A product without a picture still has an accessible name for its placeholder.
    expect(within(shoeCard).getByRole('img', { name: 'OVR Velocity Road Running Shoe' })).toBeInTheDocument();

    // Everything fits on one page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Store product pages' })).not.toBeInTheDocument();
  });

  it('shows the store’s banner, accent colour, links and return policy', async () => {
    setLocation('/store/ovr-official/');
    serveStores([
      storeResponse({
        store_banner_url: '/media/v/ovr-official/banner.jpg',
        store_banner_srcset: '/media/v/ovr-official/banner-320.webp 320w, /media/v/ovr-official/banner-640.webp 640w',
        store_logo_srcset: '/media/v/ovr-official/logo-320.webp 320w',
        accent_color: '#facc15',
        return_policy: 'Return unworn items within 30 days.\nWe pay the courier.',
        social_links: {
          youtube: 'https://youtube.com/@ovr',
          instagram: 'https://instagram.com/ovr',
          website: 'https://ovr.example.co.za',
          myspace: 'https://myspace.com/ovr',
        },
      }),
    ]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByTestId('store-name')).toHaveTextContent('OVR Official');
    expect(screen.getByTestId('store-banner')).toHaveAttribute('src', '/media/v/ovr-official/banner.jpg');
    // The banner is decoration: the logo and the name say whose page it is.
    expect(screen.getByTestId('store-banner')).toHaveAttribute('alt', '');
    // Their WebP renditions, for the browser to pick by width.
    expect(screen.getByTestId('store-banner')).toHaveAttribute(
      'srcset',
      '/media/v/ovr-official/banner-320.webp 320w, /media/v/ovr-official/banner-640.webp 640w',
    );
    expect(screen.getByTestId('store-logo')).toHaveAttribute('srcset', '/media/v/ovr-official/logo-320.webp 320w');
    expect(screen.getByTestId('store-logo')).toHaveAttribute('sizes', '96px');

    // The accent colour, and black text on it (yellow is too light for white).
    const header = screen.getByTestId('store-header');
    expect(header).toHaveAttribute('data-accent', '#facc15');
    expect(header.style.getPropertyValue('--store-accent')).toBe('#facc15');
    expect(header.style.getPropertyValue('--store-accent-text')).toBe('#000000');

    // Known networks only, in the site's order, opening elsewhere without handing over this page.
    const links = within(screen.getByRole('list', { name: 'OVR Official elsewhere' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Website (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'YouTube (opens in a new tab)',
    ]);
    expect(links[1]).toHaveAttribute('href', 'https://instagram.com/ovr');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const policy = screen.getByRole('region', { name: 'Return policy' });
    expect(policy).toHaveTextContent('Return unworn items within 30 days. We pay the courier.');
  });

  it('leaves out what the store has not set: no banner, accent, links or return policy', async () => {
    setLocation('/store/ovr-official/');
    serveStores([storeResponse()]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByTestId('store-name')).toHaveTextContent('OVR Official');
    expect(screen.queryByTestId('store-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('store-header')).not.toHaveAttribute('data-accent');
    expect(screen.queryByTestId('store-social-links')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Return policy' })).not.toBeInTheDocument();
  });

  it('a different pathname fetches a different store', async () => {
    setLocation('/store/karoo-outdoor/');
    const requested = serveStores([
      storeResponse(),
      storeResponse(
        {
          id: '0190a000-0000-7000-8000-0000000000v2',
          store_slug: 'karoo-outdoor',
          store_name: 'Karoo Outdoor',
          store_description: '',
          store_logo_url: null,
          estimated_delivery: { min_business_days: 3, max_business_days: 3 },
        },
        [shoe],
      ),
    ]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByTestId('store-name')).toHaveTextContent('Karoo Outdoor');
    expect(requested.map((request) => request.slug)).toEqual(['karoo-outdoor']);
    expect(screen.getByTestId('store-delivery')).toHaveTextContent('Delivery in 3 business days');
    expect(screen.getByTestId('store-product-count')).toHaveTextContent('1 product');
    expect(screen.queryByTestId('store-description')).not.toBeInTheDocument();
    // Without a logo there is no image to describe.
    expect(screen.queryByRole('img', { name: /logo/ })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
  });

  it('decodes the slug from the pathname', async () => {
    setLocation('/store/caf%C3%A9-co/');
    const requested = serveStores([storeResponse({ store_slug: 'café-co', store_name: 'Café Co' })]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByTestId('store-name')).toHaveTextContent('Café Co');
    expect(requested.map((request) => request.slug)).toEqual(['café-co']);
  });

  it('shows "Store not found" with a link home when the API answers 404', async () => {
    setLocation('/store/no-such-store/');
    const requested = serveStores([storeResponse()]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    // 4xx is never retried.
    expect(requested.map((request) => request.slug)).toEqual(['no-such-store']);
  });

  it('shows "Store not found" for the export placeholder without asking the API', async () => {
    setLocation('/store/_/');
    const requested = serveStores([storeResponse()]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByRole('heading', { name: 'Store not found' })).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('reads the page from the query and links to the neighbouring pages', async () => {
    setLocation('/store/ovr-official/', 'page=2');
    const requested = serveStores([storeResponse({}, [tee, shoe], { total: 45, page: 2, per_page: 20 })]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByTestId('store-name')).toHaveTextContent('OVR Official');
    expect(requested).toEqual([{ slug: 'ovr-official', search: '?page=2&per_page=20' }]);
    expect(screen.getByTestId('store-product-count')).toHaveTextContent('Showing 21–22 of 45 products');

    const pagination = screen.getByRole('navigation', { name: 'Store product pages' });
    expect(pagination).toHaveTextContent('Page 2 of 3');
    expect(within(pagination).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toMatch(
      /^\/store\/ovr-official\/?$/,
    );
    expect(within(pagination).getByRole('link', { name: 'Next page' }).getAttribute('href')).toMatch(
      /^\/store\/ovr-official\/?\?page=3$/,
    );
  });

  it('disables Previous on the first page and Next on the last', async () => {
    setLocation('/store/ovr-official/', 'page=3');
    serveStores([storeResponse({}, [tee], { total: 41, page: 3, per_page: 20 })]);

    renderWithQueryClient(<StorePage />);

    const pagination = await screen.findByRole('navigation', { name: 'Store product pages' });
    expect(pagination).toHaveTextContent('Page 3 of 3');
    expect(within(pagination).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/store\/ovr-official\/?\?page=2$/),
    );
    const next = within(pagination).getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).not.toHaveAttribute('href');
  });

  it('treats a nonsensical page in the query as the first page', async () => {
    setLocation('/store/ovr-official/', 'page=abc');
    const requested = serveStores([storeResponse({}, [tee], { total: 25, page: 1, per_page: 20 })]);

    renderWithQueryClient(<StorePage />);

    const pagination = await screen.findByRole('navigation', { name: 'Store product pages' });
    expect(requested.map((request) => request.search)).toEqual(['?page=1&per_page=20']);
    expect(within(pagination).getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(pagination).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\?page=2$/),
    );
  });

  it('says so when a page past the end has no products', async () => {
    setLocation('/store/ovr-official/', 'page=9');
    serveStores([storeResponse({}, [], { total: 25, page: 9, per_page: 20 })]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByRole('heading', { name: 'No products on this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toMatch(
      /^\/store\/ovr-official\/?$/,
    );
    expect(screen.getByTestId('store-product-count')).toHaveTextContent('25 products');
  });

  it('offers to try again when the store cannot be loaded', async () => {
    setLocation('/store/ovr-official/');
    let calls = 0;
    server.use(
      http.get('*/api/v1/stores/:slug', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'bad_request', message: 'Bad request' } }, { status: 400 });
      }),
    );

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByRole('heading', { name: 'This store could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('says so when the store has no products', async () => {
    setLocation('/store/ovr-official/');
    serveStores([storeResponse({}, [])]);

    renderWithQueryClient(<StorePage />);

    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(screen.getByTestId('store-product-count')).toHaveTextContent('0 products');
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
  });
});
