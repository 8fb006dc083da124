import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderList } from '@/features/admin/api/orders';
import { AdminOrdersPage, orderParamsFrom, ordersHref } from '@/features/admin/components/orders-page';
import { ORDER_ID, orderDetail, orderRow } from '@/test/admin-orders';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;
let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push } as unknown as ReturnType<typeof useRouter>);
});

function serveOrders(list: AdminOrderList) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/admin/orders', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(list);
    }),
  );
  return queries;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminOrdersPage />);
}

describe('/admin/orders: the list', () => {
  it('asks for the filters in the URL and shows each order’s number, date, buyer, status, total and refund due', async () => {
    const queries = serveOrders({
      orders: [orderRow(), orderRow({ id: 'o-2', order_number: 'BZ-20261119-0007', status: 'cancelled', refund_due_cents: 45000, part_count: 1 })],
      total: { count: 2, capped: false },
    });
    renderPage('q=BZ-2026&status=processing&from=2026-11-01&to=2026-11-30&refund_due=true&page=2');

    const rows = (await screen.findAllByTestId('order-row')) as [HTMLElement, HTMLElement];
    expect(queries[0]).toBe('?q=BZ-2026&status=processing&from=2026-11-01&to=2026-11-30&refund_due=true&page=2&per_page=20');
    expect(screen.getByTestId('orders-count')).toHaveTextContent('2 orders');

    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'BZ-20261120-0042' })).toHaveAttribute(
      'href',
      `/admin/orders/?q=BZ-2026&status=processing&from=2026-11-01&to=2026-11-30&refund_due=true&page=2&id=${ORDER_ID}`,
    );
    expect(rows[0]).toHaveTextContent('thandi@example.com');
    expect(rows[0]).toHaveTextContent('2 stores');
    expect(first.getByTestId('order-status')).toHaveTextContent('Processing');
    expect(first.getByTestId('order-total')).toHaveTextContent('R2,175.00');
    expect(first.getByTestId('order-refund-due')).toHaveTextContent('—');
    expect(within(rows[1]).getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(within(rows[1]).getByTestId('order-refund-due')).toHaveTextContent('R450.00');

    // The filters show what the URL holds.
    expect(screen.getByLabelText('Search orders')).toHaveValue('BZ-2026');
    expect(screen.getByLabelText('Status')).toHaveValue('processing');
    expect(screen.getByLabelText('Placed from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Placed to')).toHaveValue('2026-11-30');
    expect(screen.getByLabelText('Refund due only')).toBeChecked();
  });

  it('puts the filters in the URL, back on page 1, when applied', async () => {
    serveOrders({ orders: [orderRow()], total: { count: 1, capped: false } });
    renderPage('page=3');
    await screen.findAllByTestId('order-row');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Search orders'), 'thandi@');
    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    await user.type(screen.getByLabelText('Placed from'), '2026-11-01');
    await user.click(screen.getByLabelText('Refund due only'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(replace).toHaveBeenCalledWith('/admin/orders/?q=thandi%40&status=delivered&from=2026-11-01&refund_due=true', {
      scroll: false,
    });
  });

  it('opens an order from anywhere on its row', async () => {
    serveOrders({ orders: [orderRow()], total: { count: 1, capped: false } });
    renderPage();
    const [row] = (await screen.findAllByTestId('order-row')) as [HTMLElement];
    const user = userEvent.setup();
    await user.click(within(row).getByText('thandi@example.com'));
    expect(push).toHaveBeenCalledWith(`/admin/orders/?id=${ORDER_ID}`);
  });

  it('says “more than” when the count is capped, and shows an empty state with a way out', async () => {
    serveOrders({ orders: [orderRow()], total: { count: 10000, capped: true } });
    const { unmount } = renderPage();
    expect(await screen.findByTestId('orders-count')).toHaveTextContent('More than 10,000 orders');
    expect(screen.getByRole('navigation', { name: 'Order pages' })).toHaveTextContent('Page 1 of 500');
    unmount();

    serveOrders({ orders: [], total: { count: 0, capped: false } });
    renderPage('q=nobody');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Nothing matches “nobody”.');
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute('href', '/admin/orders/');
  });

  it('opens the order named by ?id= in place of the list, with the way back keeping the filters', async () => {
    server.use(http.get('*/api/v1/admin/orders/:id', () => HttpResponse.json(orderDetail())));
    renderPage(`status=processing&id=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order BZ-20261120-0042' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/admin/orders/?status=processing');
  });

  it('says an id that is not one is not found, without asking the API', async () => {
    renderPage('id=not-an-id');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Order not found');
  });
});

describe('order list params', () => {
  it('reads back what it writes, and drops what the API would refuse', () => {
    const params = orderParamsFrom(
      new URLSearchParams('q= BZ-1 &status=shipped&from=2026-11-01&to=junk&refund_due=true&page=4'),
    );
    expect(params).toEqual({ q: 'BZ-1', status: 'shipped', from: '2026-11-01', to: '', refundDue: true, page: 4, id: null });
    expect(ordersHref(params)).toBe('/admin/orders/?q=BZ-1&status=shipped&from=2026-11-01&refund_due=true&page=4');
    expect(orderParamsFrom(new URLSearchParams('status=lost&refund_due=yes'))).toMatchObject({ status: '', refundDue: false });
    expect(ordersHref(orderParamsFrom(null))).toBe('/admin/orders/');
  });
});
