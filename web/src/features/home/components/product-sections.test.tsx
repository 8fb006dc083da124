import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CategoryTiles } from '@/features/home/components/category-tiles';
import { HomeProductSection, RecommendationsSection } from '@/features/home/components/product-sections';
import { RECENTLY_VIEWED_KEY } from '@/lib/recently-viewed';
import { productList, productSummary, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function products(count: number) {
  return Array.from({ length: count }, (_, index) =>
    productSummary({
      id: `0190a000-0000-7000-8000-${String(index + 1).padStart(12, '0')}`,
      slug: `product-${index + 1}`,
      name: `Product ${index + 1}`,
    }),
  );
}

/** Answers GET /api/v1/products with `count` products and records each query string. */
function serveProducts(count: number) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/products', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(productList(products(count)));
    }),
  );
  return queries;
}

function href(link: HTMLElement): string | null {
  return link.getAttribute('href');
}

describe('HomeProductSection', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  it('special offers: 8 dearest first, with "View all" to /products?sortBy=price-desc', async () => {
    const queries = serveProducts(8);
    renderWithQueryClient(<HomeProductSection list="special-offers" />);

    const section = screen.getByRole('region', { name: 'Special offers' });
    expect(within(section).getAllByTestId('product-card-skeleton')).toHaveLength(8);
    expect(await within(section).findAllByTestId('product-card')).toHaveLength(8);
    expect(queries).toEqual(['?sortBy=price-desc&per_page=8']);
    const viewAll = within(section).getByRole('link', { name: 'View all special offers' });
    expect(href(viewAll)).toBe('/products/?sortBy=price-desc');
  });

  it('featured: 4 products, with "View all" to the featured sort', async () => {
    const queries = serveProducts(4);
    renderWithQueryClient(<HomeProductSection list="featured" />);

    const section = screen.getByRole('region', { name: 'Featured products' });
    const cards = await within(section).findAllByTestId('product-card');
    expect(cards).toHaveLength(4);
    expect(queries).toEqual(['?featured=true&per_page=4']);
    expect(href(within(cards[0]!).getByRole('link', { name: 'Product 1' }))).toMatch(/^\/products\/product-1\/?$/);
    expect(href(within(section).getByRole('link', { name: 'View all featured products' }))).toBe(
      '/products/?sort=featured',
    );
  });

  it('daily deals: 4 daily deals, with "View all" to /daily-deals', async () => {
    const queries = serveProducts(4);
    renderWithQueryClient(<HomeProductSection list="daily-deals" />);

    const section = screen.getByRole('region', { name: 'Daily deals' });
    expect(await within(section).findAllByTestId('product-card')).toHaveLength(4);
    expect(queries).toEqual(['?daily_deal=true&per_page=4']);
    expect(href(within(section).getByRole('link', { name: 'View all daily deals' }))).toBe('/daily-deals/');
  });

  it('hides when there is nothing to show', async () => {
    const queries = serveProducts(0);
    renderWithQueryClient(<HomeProductSection list="daily-deals" />);
    expect(screen.getByRole('region', { name: 'Daily deals' })).toBeInTheDocument();
    await waitFor(() => expect(queries).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Daily deals' })).not.toBeInTheDocument());
  });

  it('hides when the products cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/products', () =>
        HttpResponse.json({ error: { code: 'bad_request', message: 'Bad request' } }, { status: 400 }),
      ),
    );
    renderWithQueryClient(<HomeProductSection list="featured" />);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Featured products' })).not.toBeInTheDocument(),
    );
  });
});

describe('RecommendationsSection', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  function serveRecommendations() {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/recommendations', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(productList(products(8)));
      }),
    );
    return queries;
  }

  it('asks for 8 recommendations from the recently viewed ids, most recent first', async () => {
    const viewed = products(2).map((product) => product.id);
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(viewed));
    const queries = serveRecommendations();
    renderWithQueryClient(<RecommendationsSection />);

    const section = await screen.findByRole('region', { name: 'Recommended for you' });
    expect(await within(section).findAllByTestId('product-card')).toHaveLength(8);
    expect(queries).toEqual([`?viewed=${viewed.join(',')}&limit=8`]);
  });

  it('shows the newest products when nothing was viewed yet', async () => {
    const queries = serveRecommendations();
    renderWithQueryClient(<RecommendationsSection />);

    const section = screen.getByRole('region', { name: 'New arrivals' });
    expect(await within(section).findAllByTestId('product-card')).toHaveLength(8);
    expect(queries).toEqual(['?limit=8']);
    expect(href(within(section).getByRole('link', { name: 'View all new arrivals' }))).toBe('/products/?sort=newest');
  });
});

describe('CategoryTiles', () => {
  it('shows three categories, each opening its products', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/categories', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          categories: ['apparel', 'footwear', 'training-gear'].map((slug, index) => ({
            slug,
            name: `Category ${index + 1}`,
            description: `About ${slug}`,
            image_url: `/media/seed/categories/${slug}.svg`,
            product_count: 5,
          })),
        });
      }),
    );
    renderWithQueryClient(<CategoryTiles />);

    const tiles = await screen.findAllByTestId('home-category-tile');
    expect(queries).toEqual(['?limit=3']);
    expect(tiles.map(href)).toEqual([
      '/products/?category=apparel',
      '/products/?category=footwear',
      '/products/?category=training-gear',
    ]);
    expect(within(tiles[0]!).getByRole('heading', { name: 'Category 1' })).toBeInTheDocument();
  });
});
