import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FeaturedProducts } from '@/features/products/components/featured-products';
import { productList, productSummary, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const tee = productSummary();
const shoe = productSummary({
  id: '0190a000-0000-7000-8000-000000000002',
  slug: 'pwr-trail-shoe',
  name: 'PWR Trail Shoe',
  brand: 'PWR',
  price_cents: 129900,
  sale_price_cents: null,
  effective_price_cents: 129900,
  discount_percent: null,
  on_sale: false,
  image_url: '/media/seed/pwr-trail-shoe.svg',
});

describe('FeaturedProducts', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  it('asks for 4 featured products and renders a card for each', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(productList([tee, shoe]));
      }),
    );

    renderWithQueryClient(<FeaturedProducts />);

    expect(screen.getByRole('heading', { name: 'Featured products' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(4);

    const cards = await screen.findAllByTestId('product-card');
    expect(queries).toEqual(['?featured=true&per_page=4']);
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();

    const [teeCard, shoeCard] = cards as [HTMLElement, HTMLElement];
    // next/link adds the trailing slash (trailingSlash: true) only in the built site.
    expect(teeCard.getAttribute('href')).toMatch(/^\/products\/ovr-aero-running-tee\/?$/);
    expect(within(teeCard).getByRole('img', { name: 'OVR Aero Running Tee' })).toHaveAttribute(
      'src',
      '/media/seed/ovr-aero-running-tee.svg',
    );
    expect(teeCard).toHaveTextContent('OVR');
    expect(within(teeCard).getByRole('heading', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();
    expect(within(teeCard).getByText('R399.00')).toBeInTheDocument();
    expect(within(teeCard).getByText('R499.00').tagName).toBe('S');
    expect(teeCard).toHaveTextContent('-20%');

    expect(shoeCard.getAttribute('href')).toMatch(/^\/products\/pwr-trail-shoe\/?$/);
    expect(within(shoeCard).getByText('R1,299.00')).toBeInTheDocument();
    expect(shoeCard).not.toHaveTextContent('%');
    expect(shoeCard.querySelector('s')).toBeNull();
  });

  it('shows a short message, not a crash, when the products cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/products', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'bad_request', message: 'Bad request' } }, { status: 400 });
      }),
    );

    renderWithQueryClient(<FeaturedProducts />);

    expect(await screen.findByText('Featured products could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('says so when there are no featured products', async () => {
    server.use(http.get('*/api/v1/products', () => HttpResponse.json(productList([]))));

    renderWithQueryClient(<FeaturedProducts />);

    expect(await screen.findByText('No featured products yet')).toBeInTheDocument();
  });
});
