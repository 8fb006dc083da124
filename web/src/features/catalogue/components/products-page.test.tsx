import { http, HttpResponse } from 'msw';
import { fireEvent, screen, within } from '@testing-library/react';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductListResponse } from '@/features/products/api/product-types';
import { ProductsPage } from '@/features/catalogue/components/products-page';
import type { ProductSummary } from '@/lib/catalogue-types';
import { productSummary, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const mockedSearchParams = vi.mocked(useSearchParams);
const mockedRouter = vi.mocked(useRouter);
let push: ReturnType<typeof vi.fn>;

function setSearch(search: string) {
  mockedSearchParams.mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

const tee = productSummary();
const shoe = productSummary({
  id: '0190a000-0000-7000-8000-000000000002',
  slug: 'ovr-velocity-road-running-shoe',
  name: 'OVR Velocity Road Running Shoe',
  category: 'footwear',
  category_name: 'Footwear',
  price_cents: 129900,
  sale_price_cents: null,
  effective_price_cents: 129900,
  discount_percent: null,
  on_sale: false,
});

const CATEGORIES = [
  { slug: 'apparel', name: 'Apparel', description: '', image_url: null, product_count: 16 },
  { slug: 'footwear', name: 'Footwear', description: '', image_url: null, product_count: 7 },
];

/** Serves the product list (recording each request's query) and the categories. */
function serveProducts(products: ProductSummary[], meta: Partial<ProductListResponse['meta']> = {}) {
  const requested: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requested.push(params);
      return HttpResponse.json({
        products,
        meta: { total: products.length, page: Number(params.get('page')), per_page: 20, ...meta },
      } satisfies ProductListResponse);
    }),
    http.get('*/api/v1/categories', () => HttpResponse.json({ categories: CATEGORIES })),
  );
  return requested;
}

describe('ProductsPage', () => {
  beforeEach(() => {
    push = vi.fn();
    mockedRouter.mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  it('lists all products, their count and the cards when the URL has no filters', async () => {
    setSearch('');
    const requested = serveProducts([tee, shoe], { total: 66 });

    renderWithQueryClient(<ProductsPage />);

    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(requested.map((params) => params.toString())).toEqual(['page=1&per_page=20']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All products');
    expect(screen.getByTestId('product-count')).toHaveTextContent('Showing 1–2 of 66 products');
    expect(screen.getByRole('heading', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'OVR Velocity Road Running Shoe' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/products/?page=2');
  });

  it('builds the API query from sort, brand, category and page', async () => {
    setSearch('category=footwear&brand=OVR&sort=price-asc&page=2');
    const requested = serveProducts([shoe], { total: 21 });

    renderWithQueryClient(<ProductsPage />);

    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    const [params] = requested;
    expect(Object.fromEntries(params!)).toEqual({
      category: 'footwear',
      brand: 'OVR',
      sort: 'price-asc',
      page: '2',
      per_page: '20',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Footwear' })).toBeInTheDocument();
    expect(screen.getByTestId('sort-select')).toHaveValue('price-asc');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/products/?category=footwear&brand=OVR&sort=price-asc',
    );
    // The chips keep brand and sort, and go back to the first page.
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: 'Footwear' })).toHaveAttribute('aria-current', 'page');
    expect(within(chips).getByRole('link', { name: 'Apparel' })).toHaveAttribute(
      'href',
      '/products/?category=apparel&brand=OVR&sort=price-asc',
    );
    expect(within(chips).getByRole('link', { name: 'All' })).toHaveAttribute(
      'href',
      '/products/?brand=OVR&sort=price-asc',
    );
  });

  it('accepts sortBy as an alias of sort', async () => {
    setSearch('sortBy=price-desc');
    const requested = serveProducts([shoe, tee]);

    renderWithQueryClient(<ProductsPage />);

    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(requested[0]!.get('sort')).toBe('price-desc');
    expect(requested[0]!.has('sortBy')).toBe(false);
    expect(screen.getByTestId('sort-select')).toHaveValue('price-desc');
  });

  it.each([
    ['sort=newest', 'New arrivals'],
    ['sort=featured', 'Featured'],
    ['brand=PWR', 'PWR'],
  ])('?%s is headed "%s"', async (search, heading) => {
    setSearch(search);
    serveProducts([tee]);
    renderWithQueryClient(<ProductsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('changing the sort pushes the URL, keeping the other filters and resetting the page', async () => {
    setSearch('brand=OVR&sortBy=newest&page=3');
    serveProducts([tee]);

    renderWithQueryClient(<ProductsPage />);
    await screen.findAllByTestId('product-card');

    fireEvent.change(screen.getByTestId('sort-select'), { target: { value: 'price-asc' } });
    expect(push).toHaveBeenCalledWith('/products/?brand=OVR&sort=price-asc');

    fireEvent.change(screen.getByTestId('sort-select'), { target: { value: '' } });
    expect(push).toHaveBeenLastCalledWith('/products/?brand=OVR');
  });

  it('shows the empty state with a link that clears the filters', async () => {
    setSearch('category=apparel&brand=Nobody');
    serveProducts([]);

    renderWithQueryClient(<ProductsPage />);

    expect(await screen.findByRole('heading', { name: 'No products match these filters' })).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('0 products');
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/products/');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    setSearch('');
    let calls = 0;
    server.use(
      http.get('*/api/v1/products', () => {
        calls += 1;
        if (calls === 1) {
          return HttpResponse.json({ error: { code: 'bad_request', message: 'nope' } }, { status: 400 });
        }
        return HttpResponse.json({ products: [tee], meta: { total: 1, page: 1, per_page: 20 } });
      }),
      http.get('*/api/v1/categories', () => HttpResponse.json({ categories: CATEGORIES })),
    );

    renderWithQueryClient(<ProductsPage />);

    expect(await screen.findByRole('heading', { name: 'Products could not be loaded' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
  });
});
