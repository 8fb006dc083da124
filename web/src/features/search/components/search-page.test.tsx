import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@/features/search/api/search';
import { SearchPage } from '@/features/search/components/search-page';
import { productSummary, publicSettings, searchResponse } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const push = vi.fn();

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

function renderAt(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<SearchPage />);
}

/** Answers GET /api/v1/search, recording each query string. */
function serveSearch(reply: () => Response) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/search', ({ request }) => {
      asked.push(new URL(request.url).search);
      return reply();
    }),
  );
  return asked;
}

const gloves = productSummary({ id: 'p-gloves', slug: 'pwr-grip-training-gloves', name: 'PWR Grip Training Gloves', brand: 'PWR' });

function filtersPanel() {
  return within(screen.getByRole('complementary', { name: 'Filters' }));
}

describe('SearchPage', () => {
  it('shows what was searched for, the count and the results from /api/v1/search', async () => {
    const asked = serveSearch(() => HttpResponse.json(searchResponse([gloves])));
    renderAt('q=glovse');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Showing results for "glovse"');
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('PWR Grip Training Gloves');
    expect(within(cards[0]!).getByRole('link', { name: 'PWR Grip Training Gloves' })).toHaveAttribute(
      'href',
      '/products/pwr-grip-training-gloves/',
    );
    expect(screen.getByTestId('search-count')).toHaveTextContent('1 product');
    expect(asked).toEqual(['?q=glovse&page=1&per_page=20']);
  });

  it('lists brand, category and price facets with counts as links that switch one filter', async () => {
    serveSearch(() => HttpResponse.json(searchResponse([gloves])));
    renderAt('q=training&brand=PWR&sort=newest&page=2');

    const panel = await waitFor(() => filtersPanel());
    const pwr = await panel.findByRole('link', { name: /PWR/ });
    // The chosen brand is marked, and its link removes it (back to page 1).
    expect(pwr).toHaveAttribute('aria-current', 'true');
    expect(pwr).toHaveTextContent('(11)');
    expect(pwr).toHaveAttribute('href', '/search/?q=training&sort=newest');
    const ovr = panel.getByRole('link', { name: /OVR/ });
    expect(ovr).not.toHaveAttribute('aria-current');
    expect(ovr).toHaveAttribute('href', '/search/?q=training&brand=OVR&sort=newest');
    expect(panel.getByRole('link', { name: /Training Gear/ })).toHaveAttribute(
      'href',
      '/search/?q=training&brand=PWR&category=training-gear&sort=newest',
    );
    expect(panel.getByRole('link', { name: /R100–R250/ })).toHaveAttribute(
      'href',
      '/search/?q=training&brand=PWR&min_price_cents=10000&max_price_cents=24999&sort=newest',
    );
    expect(panel.getByRole('link', { name: 'On sale only' })).toHaveAttribute(
      'href',
      '/search/?q=training&brand=PWR&on_sale=true&sort=newest',
    );
    // A band with nothing in it is shown but is not a link.
    expect(panel.getByText('Under R100')).toBeInTheDocument();
    expect(panel.queryByRole('link', { name: /Under R100/ })).not.toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute('href', '/search/?q=training&sort=newest');
  });

  it('marks the chosen price band, whose link clears the range', async () => {
    serveSearch(() => HttpResponse.json(searchResponse([gloves])));
    renderAt('q=gloves&min_price_cents=25000&max_price_cents=49999');
    const band = await waitFor(() => filtersPanel().getByRole('link', { name: /R250–R500/ }));
    expect(band).toHaveAttribute('aria-current', 'true');
    expect(band).toHaveAttribute('href', '/search/?q=gloves');
  });

  it('changes the order from the sort select, back to page 1', async () => {
    serveSearch(() => HttpResponse.json(searchResponse([gloves])));
    renderAt('q=gloves&page=3');
    const select = await screen.findByTestId('search-sort');
    expect(select).toHaveValue('');
    await userEvent.setup().selectOptions(select, 'price-desc');
    expect(push).toHaveBeenCalledWith('/search/?q=gloves&sort=price-desc');
  });

  it('pages through many results with Previous and Next', async () => {
    const page: SearchResponse = {
      ...searchResponse(Array.from({ length: 20 }, (_, i) => productSummary({ id: `p-${i}`, slug: `p-${i}` }))),
      meta: { total: 45, page: 2, per_page: 20 },
    };
    serveSearch(() => HttpResponse.json(page));
    renderAt('q=tee&page=2');
    expect(await screen.findByTestId('search-count')).toHaveTextContent('21–40 of 45 products');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/search/?q=tee&page=3');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search/?q=tee');
  });

  it('says no products were found, with a way on', async () => {
    serveSearch(() => HttpResponse.json(searchResponse([])));
    renderAt('q=zzqx&on_sale=true');
    expect(await screen.findByRole('heading', { name: 'No products found for "zzqx"' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products/');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/search/?q=zzqx');
  });

  it('shows skeletons while loading, and a retry when search is unavailable', async () => {
    let fail = true;
    serveSearch(() =>
      fail
        ? HttpResponse.json({ error: { code: 'unavailable', message: 'Search is not available right now' } }, { status: 503 })
        : HttpResponse.json(searchResponse([gloves])),
    );
    renderAt('q=gloves');
    expect(screen.getByTestId('search-results-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('search-facets-skeleton')).toBeInTheDocument();

    // A 5xx is retried twice first (SPEC §8), about 3 s.
    expect(await screen.findByText('Search is not available right now. Please try again.', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-card')).toHaveTextContent('PWR Grip Training Gloves');
  }, 15_000);
});
