import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductDetailPage } from '@/features/products/components/product-detail-page';
import { productDetail, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { PAGE_DATA_ID, resetPageData } from '@/lib/page-data';
import { DISPLAY_CURRENCY_KEY } from '@/lib/display-currency';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);

function serveProducts(products: ReturnType<typeof productDetail>[]) {
  const requested: string[] = [];
  server.use(
    http.get('*/api/v1/products/:slug', ({ params }) => {
      const slug = String(params.slug);
      requested.push(slug);
      const product = products.find((candidate) => candidate.slug === slug);
      if (!product) {
        return HttpResponse.json(
          { error: { code: 'not_found', message: 'Product not found' } },
          { status: 404 },
        );
      }
      return HttpResponse.json({ product });
    }),
  );
  return requested;
}

/** Records the analytics events the page sends. */
function serveAnalytics() {
  const events: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v1/analytics/events', async ({ request }) => {
      events.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ accepted: true }, { status: 202 });
    }),
  );
  return events;
}

describe('ProductDetailPage', () => {
  let analytics: Record<string, unknown>[] = [];

  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    analytics = serveAnalytics();
  });

  afterEach(() => {
    document.getElementById(PAGE_DATA_ID)?.remove();
    resetPageData();
  });

  /** What `bazaar serve` writes into a product page it serves (crates/api/src/web/head.rs). */
  function writePageData(data: unknown) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ID;
    script.textContent = JSON.stringify(data);
    document.head.append(script);
  }

  it('starts from the product the server wrote into the page, without fetching it', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    const requested = serveProducts([productDetail({ name: 'Fetched name' })]);
    writePageData({ product: productDetail() });

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByTestId('product-name')).toHaveTextContent('OVR Aero Running Tee');
    expect(screen.getByTestId('product-price')).toHaveTextContent('R399.00');
    await waitFor(() => expect(analytics.map((event) => event.event_type)).toContain('view_item'));
    expect(requested).toEqual([]);
  });

  it('fetches the product when the page data is about another product, or by id when it names it', async () => {
    mockedPathname.mockReturnValue('/products/pwr-boxing-gloves/');
    const requested = serveProducts([productDetail({ slug: 'pwr-boxing-gloves', name: 'PWR Boxing Gloves' })]);
    writePageData({ product: productDetail() });

    const { unmount } = renderWithQueryClient(<ProductDetailPage />);
    expect(await screen.findByTestId('product-name')).toHaveTextContent('PWR Boxing Gloves');
    expect(requested).toEqual(['pwr-boxing-gloves']);
    unmount();

    // /products/{id}/ of the product in the page data: no fetch either.
    mockedPathname.mockReturnValue(`/products/${productDetail().id}/`);
    renderWithQueryClient(<ProductDetailPage />);
    expect(await screen.findByTestId('product-name')).toHaveTextContent('OVR Aero Running Tee');
    expect(requested).toEqual(['pwr-boxing-gloves']);
  });

  it('takes the slug from the pathname and renders the product', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    const requested = serveProducts([productDetail()]);

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByTestId('product-name')).toHaveTextContent('OVR Aero Running Tee');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('OVR Aero Running Tee');
    expect(requested).toEqual(['ovr-aero-running-tee']);
    expect(screen.getByTestId('product-price')).toHaveTextContent('R399.00');
    expect(screen.getByText('R499.00').tagName).toBe('S');
    expect(screen.getByText('-20%', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'OVR Aero Running Tee' })).toHaveAttribute(
      'src',
      '/media/seed/ovr-aero-running-tee.svg',
    );
    expect(screen.getByText('OVR')).toBeInTheDocument();
    expect(screen.getByText('A light, breathable running tee.')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByText('4.3 out of 5 (12 reviews)')).toBeInTheDocument();
    // The vendor's name leads to its store page.
    const storeLink = within(screen.getByTestId('product-vendor')).getByRole('link', { name: 'OVR Official' });
    expect(storeLink.getAttribute('href')).toMatch(/^\/store\/ovr-official\/?$/);
    expect(screen.getByTestId('product-vendor')).toHaveTextContent('Sold by OVR Official');
    expect(screen.getByText('Delivery in 4–8 business days')).toBeInTheDocument();
  });

  it('records one view_item event with the product when it loads', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    serveProducts([productDetail()]);

    renderWithQueryClient(<ProductDetailPage />);

    await screen.findByTestId('product-name');
    await waitFor(() => expect(analytics).toHaveLength(1));
    expect(analytics[0]).toMatchObject({
      event_type: 'view_item',
      session_id: expect.any(String),
      event_data: {
        product_id: '0190a000-0000-7000-8000-000000000001',
        slug: 'ovr-aero-running-tee',
        name: 'OVR Aero Running Tee',
        price_cents: 39900,
        currency: 'ZAR',
      },
    });
  });

  it('sends no view_item for a product that does not exist', async () => {
    mockedPathname.mockReturnValue('/products/no-such-product/');
    serveProducts([]);

    renderWithQueryClient(<ProductDetailPage />);

    await screen.findByRole('heading', { name: 'Product not found' });
    expect(analytics).toEqual([]);
  });

  it('a different pathname fetches a different product', async () => {
    mockedPathname.mockReturnValue('/products/pwr-trail-shoe/');
    const requested = serveProducts([
      productDetail(),
      productDetail({
        id: '0190a000-0000-7000-8000-000000000002',
        slug: 'pwr-trail-shoe',
        name: 'PWR Trail Shoe',
        brand: 'PWR',
        price_cents: 129900,
        sale_price_cents: null,
        effective_price_cents: 129900,
        discount_percent: null,
        on_sale: false,
        in_stock: false,
        stock_quantity: 0,
        rating: { average: 0, count: 0 },
        vendor: null,
      }),
    ]);

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByTestId('product-name')).toHaveTextContent('PWR Trail Shoe');
    expect(requested).toEqual(['pwr-trail-shoe']);
    expect(screen.getByTestId('product-price')).toHaveTextContent('R1,299.00');
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    // A house product is sold by the shop itself.
    expect(screen.getByTestId('product-vendor')).toHaveTextContent('Sold by bazaar');
    expect(within(screen.getByTestId('product-vendor')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the price range and an option per attribute value, marking sold-out ones, and the chosen variation’s price', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    const variation = {
      product_id: '0190a000-0000-7000-8000-000000000001',
      sale_price_cents: null,
      weight_grams: 180,
      dimensions: null,
      images: [],
      enabled: true,
      manage_stock: true,
    };
    const attributes = (size: string) => [
      { name: 'Size', value: size },
      { name: 'Colour', value: 'Black' },
    ];
    serveProducts([
      productDetail({
        has_variations: true,
        price_range: { min_cents: 39900, max_cents: 54900 },
        variations: [
          { ...variation, id: 'v1', name: 'L / Black', sku: 'L-BLK', attributes: attributes('L'), price_cents: 54900, effective_price_cents: 54900, stock_quantity: 0 },
          { ...variation, id: 'v2', name: 'M / Black', sku: 'M-BLK', attributes: attributes('M'), price_cents: 49900, sale_price_cents: 39900, effective_price_cents: 39900, stock_quantity: 4 },
          { ...variation, id: 'v3', name: 'S / Black', sku: 'S-BLK', attributes: attributes('S'), price_cents: 44900, effective_price_cents: 44900, stock_quantity: 0, manage_stock: false },
        ],
      }),
    ]);
    const user = userEvent.setup();

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByTestId('product-price')).toHaveTextContent('R399.00 – R549.00');
    // The product-level sale would contradict the range; the chosen variation shows its own.
    expect(screen.queryByText('-20%', { exact: false })).not.toBeInTheDocument();
    const sizes = within(screen.getByRole('group', { name: 'Size' })).getAllByRole('button');
    expect(sizes.map((button) => button.textContent)).toEqual(['S', 'M', 'L']);
    // L has no stock; S does not track stock, so it is never sold out.
    expect(sizes[2]).toHaveAccessibleName('L (sold out)');
    expect(sizes[2]).toBeDisabled();
    expect(sizes[0]).toHaveAccessibleName('S');
    expect(sizes[0]).toBeEnabled();
    expect(sizes[1]).toHaveAccessibleName('M');
    expect(sizes[1]).toBeEnabled();

    await user.click(sizes[1]!);
    await user.click(within(screen.getByRole('group', { name: 'Colour' })).getByRole('button', { name: 'Black' }));
    const chosen = screen.getByTestId('chosen-variation');
    expect(chosen).toHaveTextContent('M / Black');
    expect(screen.getByTestId('chosen-variation-price')).toHaveTextContent('R399.00');
    expect(within(chosen).getByText('R499.00').tagName).toBe('S');
    expect(chosen).toHaveTextContent('-20%');
    expect(screen.getByTestId('chosen-variation-stock')).toHaveTextContent('Only 4 left');

    await user.click(sizes[0]!);
    expect(chosen).toHaveTextContent('S / Black');
    expect(screen.getByTestId('chosen-variation-price')).toHaveTextContent('R449.00');
    expect(chosen).not.toHaveTextContent('%');
    expect(screen.getByTestId('chosen-variation-stock')).toHaveTextContent('In stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('formats prices in the currency from settings', async () => {
    server.use(
      http.get('*/api/v1/settings/public', () =>
        HttpResponse.json(
          publicSettings({ currency: { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2 } }),
        ),
      ),
    );
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    serveProducts([productDetail()]);

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByText('€399.00')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('€399.00');
  });

  it('shows the approximate price in the currency chosen in the footer, under the price', async () => {
    server.use(
      http.get('*/api/v1/settings/public', () =>
        HttpResponse.json(
          publicSettings({
            currencies: [
              { code: 'USD', name: 'US Dollar', symbol: '$', decimal_places: 2, enabled: true, rate: '0.054321' },
              { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimal_places: 0, enabled: true, rate: '8.2' },
              { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
            ],
          }),
        ),
      ),
    );
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'USD');
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    serveProducts([productDetail()]);

    renderWithQueryClient(<ProductDetailPage />);

    // R399.00 at 0.054321 dollars to the rand.
    const approximate = await screen.findByTestId('approximate-price');
    expect(approximate).toHaveTextContent(/^≈ \$21\.67/);
    expect(approximate).toHaveAttribute('title', 'Approximate; you pay in rand');
    expect(screen.getByTestId('product-price')).toHaveTextContent('R399.00');
  });

  it('shows no approximate price for the store currency, or a currency no longer offered', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    serveProducts([productDetail()]);
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'GBP');

    const { queryClient } = renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByTestId('product-price')).toHaveTextContent('R399.00');
    await waitFor(() => expect(queryClient.getQueryState(['settings', 'public'])?.status).toBe('success'));
    expect(screen.queryByTestId('approximate-price')).not.toBeInTheDocument();
  });

  it('shows "Product not found" with a link home when the API answers 404', async () => {
    mockedPathname.mockReturnValue('/products/no-such-product/');
    const requested = serveProducts([]);

    renderWithQueryClient(<ProductDetailPage />);

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    // 4xx is never retried.
    expect(requested).toEqual(['no-such-product']);
  });

  it('offers "Ask the seller" on a store’s product (sign in first when signed out), and not on a house product', async () => {
    mockedPathname.mockReturnValue('/products/ovr-aero-running-tee/');
    serveProducts([productDetail()]);
    const { unmount } = renderWithQueryClient(<ProductDetailPage />);
    await screen.findByTestId('product-name');
    expect(screen.getByRole('link', { name: 'Ask the seller' })).toHaveAttribute(
      'href',
      '/auth/?redirect=%2Fproducts%2Fovr-aero-running-tee%2F',
    );
    unmount();

    mockedPathname.mockReturnValue('/products/house-tee/');
    serveProducts([productDetail({ slug: 'house-tee', name: 'House Tee', vendor: null })]);
    renderWithQueryClient(<ProductDetailPage />);
    expect(await screen.findByTestId('product-name')).toHaveTextContent('House Tee');
    expect(screen.queryByTestId('ask-seller')).not.toBeInTheDocument();
  });
});
