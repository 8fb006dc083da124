import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from '@/app/page';
import { BUILT_IN_HOME_CONTENT } from '@/features/home/api/home-content';
import { productList, productSummary, publicSettings } from '@/test/fixtures';
import { mockSystemDark } from '@/test/media';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

/** Everything observed is reported in view at once (Embla and the lazy sections both observe). */
class IntersectionObserverStub {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('HomePage', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
    mockSystemDark(false);
    server.use(
      http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())),
      http.get('*/api/v1/products', () => HttpResponse.json(productList([productSummary()]))),
      http.get('*/api/v1/recommendations', () => HttpResponse.json(productList([]))),
      http.get('*/api/v1/categories', () => HttpResponse.json({ categories: [] })),
      // No content in the document (as after a client-side navigation): the page fetches it.
      http.get('*/api/v1/settings/home', () => HttpResponse.json(BUILT_IN_HOME_CONTENT)),
    );
  });
  // The stubs stay for the whole file: Embla may finish loading after a test has ended.

  it('shows the blocks of SPEC §2 in order, and hides those without data', async () => {
    renderWithQueryClient(<HomePage />);

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Highlights' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Promotions' })).getAllByText('10% off your first order')[0]).toBeVisible();
    await screen.findAllByTestId('product-card');
    await screen.findAllByTestId('home-banner');
    // No categories and no recommendations: those sections go, rather than stay empty.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Shop by category' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('home-recommendations')).not.toBeInTheDocument());

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.filter((text) => !text?.startsWith('Gear up') && !text?.startsWith('Made for'))).toEqual([
      'Featured products',
      'Daily deals',
      'Daily deals', // the banner
      'New arrivals', // the banner
      'Special offers',
      'Create your vision',
      'Why shop with us',
      'Get the best deals first',
    ]);
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });

  it('links its banners to pages that exist, and shows the design studio as Coming Soon only', async () => {
    renderWithQueryClient(<HomePage />);

    const banners = (await screen.findAllByTestId('home-banner')).map((banner) => banner.getAttribute('href'));
    expect(banners).toEqual(['/daily-deals/', '/products/?sort=newest']);
    expect(screen.queryByRole('link', { name: /community/i })).not.toBeInTheDocument();

    const vision = screen.getByTestId('home-create-vision');
    expect(vision).toHaveTextContent('Coming Soon');
    expect(within(vision).queryByRole('link')).not.toBeInTheDocument();
    expect(within(vision).queryByRole('button')).not.toBeInTheDocument();
  });

  it('states the shop promises of the delivery and returns pages', () => {
    renderWithQueryClient(<HomePage />);

    const badges = screen.getByTestId('home-trust-badges');
    expect(badges).toHaveTextContent('Pay safely with PayFast.');
    expect(badges).toHaveTextContent('In 3–7 business days.');
    expect(badges).toHaveTextContent('On orders over R450.');
    expect(badges).toHaveTextContent('Returns within 7 days');
    expect(badges).toHaveTextContent('For wrong or damaged items.');
    expect(within(badges).getByRole('link', { name: 'Returns within 7 days' })).toHaveAttribute('href', '/returns/');
    expect(within(badges).getByRole('link', { name: 'Free delivery' })).toHaveAttribute('href', '/delivery-policy/');
  });
});
