import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecentlyViewedSection } from '@/features/home/components/recently-viewed-section';
import { recentlyViewedBreaker } from '@/features/home/api/recently-viewed-products';
import { RECENTLY_VIEWED_KEY } from '@/lib/recently-viewed';
import { productList, productSummary, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const ids = [1, 2, 3].map((n) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`);
const [first, second, third] = ids.map((id, index) =>
  productSummary({ id, slug: `viewed-${index + 1}`, name: `Viewed ${index + 1}` }),
);

function sleep(ms: number) {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

function viewed(list: string[]) {
  window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
}

/** GET /api/v1/products?ids=…, answered by `respond`; returns the query strings asked for. */
function serveIds(respond: () => Response, times: number[] = []) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/products', ({ request }) => {
      queries.push(new URL(request.url).search);
      times.push(performance.now());
      return respond();
    }),
  );
  return queries;
}

const failure = () =>
  HttpResponse.json({ error: { code: 'unavailable', message: 'Try later' } }, { status: 503 });

describe('RecentlyViewedSection', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    // Only the clock is fake (the circuit breaker reads it); timers run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing and asks nothing without a history', async () => {
    const queries = serveIds(() => HttpResponse.json(productList([])));
    renderWithQueryClient(<RecentlyViewedSection />);
    await sleep(800);
    expect(queries).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();
  });

  it('asks for the viewed ids 500 ms after load and lists them most recent first', async () => {
    viewed(ids);
    // The API answers in its own order; the section keeps the viewing order.
    const requestedAt: number[] = [];
    const queries = serveIds(() => HttpResponse.json(productList([third!, first!, second!])), requestedAt);
    const renderedAt = performance.now();
    renderWithQueryClient(<RecentlyViewedSection />);

    const section = screen.getByRole('region', { name: 'Recently viewed' });
    expect(within(section).getAllByTestId('product-card-skeleton')).toHaveLength(3);
    expect(queries).toEqual([]);
    const cards = await within(section).findAllByTestId('product-card');
    expect(queries).toEqual([`?ids=${ids.join(',')}&per_page=3`]);
    // Timers never fire early, so the request cannot come sooner than 500 ms after the render.
    expect(requestedAt[0]! - renderedAt).toBeGreaterThanOrEqual(500);
    const names = cards
      .map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Viewed 1', 'Viewed 2', 'Viewed 3']);
  });

  it('hides and only logs when the request fails', async () => {
    viewed(ids);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const queries = serveIds(failure);
    renderWithQueryClient(<RecentlyViewedSection />);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument());
    await sleep(100);
    expect(queries).toHaveLength(1); // No retries: the circuit breaker counts each failure.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Recently viewed products could not be loaded:', expect.anything());
  });

  it('stops asking for 2 minutes after 3 failed loads, then tries again', async () => {
    viewed(ids);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer = failure;
    const queries = serveIds(() => answer());
    // Each load is a fresh page: a new cache, the breaker's state carried in sessionStorage.
    for (let load = 1; load <= 4; load += 1) {
      const { unmount } = renderWithQueryClient(<RecentlyViewedSection />);
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument());
      unmount();
    }
    expect(queries).toHaveLength(3);
    expect(recentlyViewedBreaker.state()).toBe('open');

    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    expect(recentlyViewedBreaker.state()).toBe('half-open');
    answer = () => HttpResponse.json(productList([first!, second!, third!]));
    renderWithQueryClient(<RecentlyViewedSection />);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(queries).toHaveLength(4);
    expect(recentlyViewedBreaker.state()).toBe('closed');
  });
});
