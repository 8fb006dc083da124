import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorAnalytics } from '@/features/vendor-analytics/api/analytics-types';
import type { ChartProps } from '@/features/vendor-analytics/components/analytics-charts';
import { VendorAnalyticsPage } from '@/features/vendor-analytics/components/vendor-analytics-page';
import { chartRows } from '@/features/vendor-analytics/lib/analytics-figures';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import {
  analyticsBuckets,
  OTHER_PRODUCT_ID,
  topProduct,
  vendorAnalytics,
} from '@/test/vendor-analytics';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/analytics/'),
}));

// recharts measures its box, which jsdom does not lay out: the chart (loaded through next/dynamic,
// as in the browser) is a stand-in that records the rows it is given.
const charts = vi.hoisted(() => ({ drawn: vi.fn<(props: ChartProps) => void>() }));
vi.mock('@/features/vendor-analytics/components/analytics-charts', () => ({
  default: (props: ChartProps) => {
    charts.drawn(props);
    return <div data-testid={`${props.kind}-chart-drawn`} />;
  },
}));

/** The rows the last chart of `kind` drawn was given. */
function drawnRows(kind: ChartProps['kind']) {
  return charts.drawn.mock.calls.filter(([props]) => props.kind === kind).at(-1)?.[0].rows;
}

/** Five minutes after the fixture’s figures were last brought up to date (09:55). */
const NOW = new Date('2026-11-27T10:00:00Z');

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Only the clock: "Updated 5 minutes ago" is counted from NOW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

afterEach(() => {
  vi.useRealTimers();
});

function atSearch(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

function renderAt(search = '') {
  atSearch(search);
  return renderWithQueryClient(<VendorAnalyticsPage />);
}

/** Serves the figures for each period asked for, recording the queries. */
function serveAnalytics(answer: (period: string) => VendorAnalytics | { status: number; message: string }) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/vendor/analytics', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const body = answer(url.searchParams.get('period') ?? '');
      if ('message' in body) {
        const code = body.status === 404 ? 'not_found' : 'internal';
        return HttpResponse.json({ error: { code, message: body.message } }, { status: body.status });
      }
      return HttpResponse.json(body);
    }),
  );
  return queries;
}

function card(id: string) {
  const element = screen.getByTestId(`card-${id}`);
  return {
    value: within(element).getByTestId('card-value').textContent,
    detail: within(element).getByTestId('card-detail').textContent,
  };
}

describe('/vendor/analytics', () => {
  it('shows the last 30 days’ totals, average order and conversion, and when they were worked out', async () => {
    const queries = serveAnalytics(() => vendorAnalytics());
    renderAt();

    expect(await screen.findByRole('heading', { name: 'Totals over the last 30 days' })).toBeInTheDocument();
    expect(queries).toEqual(['?period=day']);
    expect(screen.getByRole('tab', { name: 'Day' })).toHaveAttribute('aria-selected', 'true');
    expect(card('sales')).toEqual({ value: 'R1,245.00', detail: '5 units sold' });
    expect(card('orders')).toEqual({ value: '3', detail: 'Paid orders' });
    expect(card('average-order')).toEqual({ value: 'R415.00', detail: 'Sales per order' });
    expect(card('conversion')).toEqual({ value: '7.5%', detail: '3 orders from 40 product views' });
    expect(card('refunds')).toEqual({ value: 'R150.00', detail: '1 cancelled' });
    expect(card('rating')).toEqual({ value: '4.6 / 5', detail: '12 reviews, all time' });
    expect(screen.getByTestId('updated-note')).toHaveTextContent(
      'Updated 5 minutes ago; figures refresh every ten minutes.',
    );
  });

  it('draws both charts from the buckets, each named by a summary and with a table of the same numbers', async () => {
    const analytics = vendorAnalytics();
    serveAnalytics(() => analytics);
    renderAt();

    expect(await screen.findByTestId('sales-chart-drawn')).toBeInTheDocument();
    expect(await screen.findByTestId('views-chart-drawn')).toBeInTheDocument();
    const rows = chartRows(analytics.buckets, 'day');
    expect(rows).toHaveLength(30);
    expect(drawnRows('sales')).toEqual(rows);
    expect(drawnRows('views')).toEqual(rows);

    expect(screen.getByRole('figure', { name: /^Sales and orders by day over the last 30 days/ })).toHaveAccessibleName(
      'Sales and orders by day over the last 30 days: R1,245.00 from 3 orders; most sales on 27 Nov 2026 (R900.00).',
    );
    expect(screen.getByRole('figure', { name: /^Product views and orders/ })).toHaveAccessibleName(
      'Product views and orders by day over the last 30 days: 40 views and 3 orders, 7.5% conversion; most views on 27 Nov 2026 (28 views).',
    );

    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.click(screen.getAllByText('Show as a table')[0]!);
    const table = screen.getByRole('table', { name: 'Sales and orders by day' });
    const tableRows = within(table).getAllByRole('row');
    expect(tableRows).toHaveLength(31);
    expect(within(tableRows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['R0.00', '0']);
    expect(tableRows[1]).toHaveTextContent('29 Oct 2026');
    expect(tableRows[30]).toHaveTextContent('27 Nov 2026R900.002');
  });

  it('switches period with the tabs: the URL changes and the figures are fetched by week', async () => {
    const queries = serveAnalytics((period) =>
      period === 'week'
        ? vendorAnalytics({
            period: 'week',
            buckets: analyticsBuckets('2026-09-07', 12, 'week'),
            top_products: [],
          })
        : vendorAnalytics(),
    );
    const { rerender } = renderAt();
    await screen.findByRole('heading', { name: 'Totals over the last 30 days' });

    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.click(screen.getByRole('tab', { name: 'Week' }));
    expect(replace).toHaveBeenCalledWith('/vendor/analytics/?period=week', { scroll: false });

    // The router puts the period in the URL; the page reads it back from there.
    atSearch('period=week');
    rerender(<VendorAnalyticsPage />);
    expect(await screen.findByRole('heading', { name: 'Totals over the last 12 weeks' })).toBeInTheDocument();
    expect(queries).toEqual(['?period=day', '?period=week']);
    expect(screen.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(drawnRows('sales')).toHaveLength(12));
    expect(drawnRows('sales')?.[0]).toMatchObject({ start: '2026-09-07', label: '7 Sep', fullLabel: 'Week of 7 Sep 2026' });
    expect(screen.getByTestId('no-top-products')).toHaveTextContent('No product has sold or been viewed over the last 12 weeks.');

    await user.click(screen.getByRole('tab', { name: 'Day' }));
    expect(replace).toHaveBeenLastCalledWith('/vendor/analytics/', { scroll: false });
  });

  it('lists the top products with their units, sales, views and conversion', async () => {
    serveAnalytics(() =>
      vendorAnalytics({
        top_products: [
          topProduct(),
          topProduct({ product_id: OTHER_PRODUCT_ID, name: null, units: 1, sales_cents: 123456789, views: 0 }),
        ],
      }),
    );
    renderAt('period=nonsense');

    const table = await screen.findByRole('table', { name: 'Top products over the last 30 days' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Product',
      'Units',
      'Sales',
      'Views',
      'Conversion',
    ]);
    const rows = within(table).getAllByTestId('top-product-row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Cape Trail Tee', '6', 'R1,794.00', '48', '12.5%'],
      ['A removed product', '1', 'R1,234,567.89', '0', '—'],
    ]);
  });

  it('says the figures are not computed yet before the first rollup', async () => {
    serveAnalytics(() =>
      vendorAnalytics({
        buckets: analyticsBuckets('2026-10-29', 30, 'day'),
        totals: vendorAnalytics().buckets[0]!,
        average_order_cents: null,
        conversion_percent: null,
        top_products: [],
        rating: null,
        reviews: 0,
        updated_at: null,
      }),
    );
    renderAt();

    expect(await screen.findByTestId('updated-note')).toHaveTextContent(
      'Not computed yet; figures refresh every ten minutes.',
    );
    expect(screen.queryByText(/Updated/)).not.toBeInTheDocument();
    expect(card('average-order')).toEqual({ value: '—', detail: 'No orders yet' });
    expect(card('conversion')).toEqual({ value: '—', detail: 'No product views yet' });
    expect(card('rating')).toEqual({ value: 'No ratings yet', detail: '0 reviews, all time' });
    expect(screen.getByRole('figure', { name: /^Sales and orders/ })).toHaveAccessibleName(
      'Sales and orders by day over the last 30 days: no sales.',
    );
  });

  it('says so when the vendor has no store yet', async () => {
    serveAnalytics(() => ({ status: 404, message: 'You have no store' }));
    renderAt();

    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('heading', { name: 'No store yet' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'See your applications' })).toHaveAttribute('href', '/vendor/applications/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the figures fail to load', async () => {
    let fail = true;
    serveAnalytics(() => (fail ? { status: 503, message: 'Down' } : vendorAnalytics()));
    renderAt();

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    fail = false;
    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('card-sales')).toHaveTextContent('R1,245.00');
  });
});
