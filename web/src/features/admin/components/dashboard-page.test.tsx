import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '@/features/admin/api/dashboard';
import { AdminDashboardPage } from '@/features/admin/components/dashboard-page';
import type { DashboardSalesChartProps } from '@/features/admin/components/dashboard-sales-chart';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

// recharts measures its box, which jsdom does not lay out: the chart (loaded through next/dynamic,
// as in the browser) is a stand-in that records the rows it is given.
const charts = vi.hoisted(() => ({ drawn: vi.fn<(props: DashboardSalesChartProps) => void>() }));
vi.mock('@/features/admin/components/dashboard-sales-chart', () => ({
  default: (props: DashboardSalesChartProps) => {
    charts.drawn(props);
    return <div data-testid="sales-chart-drawn" />;
  },
}));

/** 10:00 in Johannesburg on 27 November 2026. */
const NOW = new Date('2026-11-27T08:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  storeSession();
});

afterEach(() => {
  vi.useRealTimers();
});

function dashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    today: { orders: 3, sales_cents: 124500 },
    this_month: { orders: 41, sales_cents: 2_345_600 },
    orders_by_status: [
      { status: 'cancelled', count: 2 },
      { status: 'delivered', count: 30 },
      { status: 'paid', count: 5 },
      { status: 'pending_payment', count: 1 },
    ],
    new_customers_this_month: 1234,
    new_stores_this_month: 1,
    pending_applications: 2,
    products_to_review: 4,
    deals_to_review: 0,
    refunds_due: 1,
    refunds_due_cents: 15000,
    failed_jobs: 7,
    recent_failed_jobs: [
      { id: 'job-1', kind: 'send_email', attempts: 5, last_result: 'SMTP connection refused' },
      { id: 'job-2', kind: 'index_products', attempts: 1, last_result: null },
    ],
    days: [
      { day: '2026-10-29', orders: 1, sales_cents: 10000, refunds_cents: 0 },
      { day: '2026-11-20', orders: 2, sales_cents: 50000, refunds_cents: 15000 },
      { day: '2026-11-27', orders: 3, sales_cents: 124500, refunds_cents: 0 },
    ],
    ...overrides,
  };
}

function serveDashboard(answer: () => AdminDashboard | Response) {
  server.use(http.get('*/api/v1/admin/dashboard', () => {
    const body = answer();
    return body instanceof Response ? body : HttpResponse.json(body);
  }));
}

function figure(id: string) {
  const card = screen.getByTestId(`figure-${id}`);
  return [within(card).getByTestId('figure-value').textContent, within(card).getByTestId('figure-detail').textContent];
}

describe('/admin', () => {
  it('shows today’s and this month’s sales, and the new customers and stores', async () => {
    serveDashboard(() => dashboard());
    renderWithQueryClient(<AdminDashboardPage />);

    expect(await screen.findByRole('heading', { name: 'At a glance' })).toBeInTheDocument();
    expect(figure('today-sales')).toEqual(['R1,245.00', '3 orders paid']);
    expect(figure('month-sales')).toEqual(['R23,456.00', '41 orders paid']);
    expect(figure('new-customers')).toEqual(['1,234', 'This month']);
    expect(figure('new-stores')).toEqual(['1', 'This month']);
  });

  it('links what needs attention to where it is dealt with', async () => {
    serveDashboard(() => dashboard());
    renderWithQueryClient(<AdminDashboardPage />);

    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(section).getByRole('link', { name: 'Applications waiting 2' })).toHaveAttribute(
      'href',
      '/admin/applications/?status=submitted',
    );
    expect(within(section).getByRole('link', { name: 'Products to review 4' })).toHaveAttribute(
      'href',
      '/admin/products/?status=pending_review',
    );
    expect(within(section).getByRole('link', { name: 'Refunds due 1 R150.00 owed back' })).toHaveAttribute(
      'href',
      '/admin/orders/?refund_due=true',
    );
    // No page for deals yet: a count without a link.
    const deals = screen.getByTestId('attention-deals');
    expect(within(deals).getByTestId('attention-count')).toHaveTextContent('0');
    expect(within(deals).queryByRole('link')).not.toBeInTheDocument();

    const failed = screen.getByTestId('attention-failed-jobs');
    expect(within(failed).getByTestId('attention-count')).toHaveTextContent('7');
    expect(within(failed).getByText(/The newest 2 of 7\./)).toBeInTheDocument();
    const jobs = within(failed).getAllByRole('listitem');
    expect(jobs.map((job) => job.textContent)).toEqual([
      'send_email · 5 attemptsSMTP connection refused',
      'index_products · 1 attempt',
    ]);
  });

  it('lists the orders by status in an order’s way through, each linking to its orders', async () => {
    serveDashboard(() => dashboard({ orders_by_status: [...dashboard().orders_by_status, { status: 'disputed', count: 1 }] }));
    renderWithQueryClient(<AdminDashboardPage />);

    const links = await screen.findAllByTestId('order-status-count');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Awaiting payment 1', '/admin/orders/?status=pending_payment'],
      ['Confirmed 5', '/admin/orders/?status=paid'],
      ['Delivered 30', '/admin/orders/?status=delivered'],
      ['Cancelled 2', '/admin/orders/?status=cancelled'],
      ['disputed 1', '/admin/orders/?status=disputed'],
    ]);
  });

  it('draws sales per day over 30 days, named in words, with a table of the same numbers', async () => {
    serveDashboard(() => dashboard());
    renderWithQueryClient(<AdminDashboardPage />);

    expect(await screen.findByTestId('sales-chart-drawn')).toBeInTheDocument();
    const rows = charts.drawn.mock.calls.at(-1)![0].rows;
    expect(rows).toHaveLength(30);
    expect(rows[0]).toMatchObject({ day: '2026-10-29', salesCents: 10000, orders: 1 });
    expect(rows[1]).toMatchObject({ day: '2026-10-30', salesCents: 0, orders: 0, refundsCents: 0 });
    expect(rows[29]).toMatchObject({ day: '2026-11-27', label: '27 Nov', fullLabel: '27 Nov 2026' });
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Sales per day over the last 30 days: R1,845.00 from 6 orders; most sales on 27 Nov 2026 (R1,245.00).',
    );

    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.click(screen.getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'Sales, orders and refunds per day' });
    const tableRows = within(table).getAllByRole('row');
    expect(tableRows).toHaveLength(31);
    expect(within(tableRows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Day',
      'Sales',
      'Orders',
      'Refunds',
    ]);
    expect(tableRows[23]).toHaveTextContent('20 Nov 2026R500.002R150.00');
    expect(tableRows[30]).toHaveTextContent('27 Nov 2026R1,245.003R0.00');
  });

  it('offers a retry when the dashboard fails to load', async () => {
    let fail = true;
    serveDashboard(() =>
      fail
        ? HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 })
        : dashboard(),
    );
    renderWithQueryClient(<AdminDashboardPage />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    const user = userEvent.setup({ advanceTimers: () => undefined });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-today-sales')).toHaveTextContent('R1,245.00');
  });
});
