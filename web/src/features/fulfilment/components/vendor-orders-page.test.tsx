import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { VendorOrder } from '@/features/fulfilment/api/fulfilment-types';
import { VendorOrdersPage } from '@/features/fulfilment/components/vendor-orders-page';
import { storeSession } from '@/test/auth';
import { COURIERS, OTHER_PART_ID, PART_ID, vendorOrder, vendorOrderList, vendorOrderRow } from '@/test/fulfilment';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/orders/'),
}));

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace: vi.fn(), push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

function renderAt(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <VendorOrdersPage />
      <Toaster />
    </>,
  );
}

type Problem = { status: number; message?: string; fields?: Record<string, string> };
type Answer = VendorOrder | Problem;

function isProblem(answer: Answer): answer is Problem {
  return typeof answer.status === 'number';
}

/**
 * Serves one part (each read answers the next of `reads`, the last one again after that) and
 * answers the moves in turn with `moves`, recording what was sent.
 */
function serveOrder(reads: VendorOrder[], moves: Answer[] = []) {
  const sent: unknown[] = [];
  let readCount = 0;
  server.use(
    http.get('*/api/v1/vendor/orders/:id', ({ params }) => {
      if (params.id !== PART_ID) return HttpResponse.json({ error: { code: 'not_found', message: 'Order not found' } }, { status: 404 });
      const order = reads[Math.min(readCount, reads.length - 1)]!;
      readCount += 1;
      return HttpResponse.json(order);
    }),
    http.get('*/api/v1/vendor/couriers', () => HttpResponse.json(COURIERS)),
    http.post('*/api/v1/vendor/orders/:id/status', async ({ request }) => {
      sent.push(await request.json());
      const answer = moves[sent.length - 1];
      if (!answer) return HttpResponse.json({ error: { code: 'internal', message: 'unexpected' } }, { status: 500 });
      if (isProblem(answer)) {
        const code = answer.status === 409 ? 'conflict' : 'validation_failed';
        return HttpResponse.json(
          { error: { code, message: answer.message ?? 'Invalid', fields: answer.fields } },
          { status: answer.status },
        );
      }
      return HttpResponse.json(answer);
    }),
  );
  return { sent, reads: () => readCount };
}

describe('/vendor/orders (the list)', () => {
  it('shows what is to ship by default: each row’s number, date, items, status and total, opening its detail', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/vendor/orders', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(
          vendorOrderList([
            vendorOrderRow(),
            vendorOrderRow({
              id: OTHER_PART_ID,
              order_number: 'BZ-2026112702',
              status: 'processing',
              item_count: 1,
              total_cents: 15000,
              paid_at: '2026-11-27T12:00:00Z',
            }),
          ]),
        );
      }),
    );
    renderAt();

    const rows = await screen.findAllByTestId('vendor-order-row');
    expect(queries).toEqual(['?status=to_ship&page=1&per_page=20']);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'BZ-2026112601' })).toHaveAttribute('href', `/vendor/orders/?id=${PART_ID}`);
    expect(first).toHaveTextContent('26 Nov 2026 · 3 items');
    expect(within(first).getByTestId('order-status')).toHaveTextContent('Confirmed');
    expect(within(first).getByTestId('row-total')).toHaveTextContent('R648.00');
    expect(second).toHaveTextContent('1 item');
    expect(within(second).getByTestId('order-status')).toHaveTextContent('Processing');
    expect(screen.getByText('2 orders, oldest first.')).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Order status' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'To ship',
      'Shipped',
      'Delivered',
      'Cancelled',
      'All',
    ]);
    expect(within(tabs).getByRole('link', { name: 'To ship' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Shipped' })).toHaveAttribute('href', '/vendor/orders/?status=shipped');
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/vendor/orders/?status=all');
  });

  it('filters by the status in the URL, keeps it in the rows’ links, and shows the courier of shipped ones', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/vendor/orders', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(
          vendorOrderList(
            [vendorOrderRow({ status: 'shipped', courier_name: 'The Courier Guy', tracking_number: 'TCG-12345' })],
            45,
          ),
        );
      }),
    );
    renderAt('status=shipped&page=2');

    const [row] = (await screen.findAllByTestId('vendor-order-row')) as [HTMLElement];
    expect(queries).toEqual(['?status=shipped&page=2&per_page=20']);
    expect(within(screen.getByRole('navigation', { name: 'Order status' })).getByRole('link', { name: 'Shipped' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(row).getByTestId('row-shipment')).toHaveTextContent('The Courier GuyTCG-12345');
    expect(within(row).getByRole('link', { name: 'BZ-2026112601' })).toHaveAttribute(
      'href',
      `/vendor/orders/?status=shipped&page=2&id=${PART_ID}`,
    );
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/vendor/orders/?status=shipped&page=3');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/vendor/orders/?status=shipped');
  });

  it('asks for every paid order under All, and says so when there are none', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/vendor/orders', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(vendorOrderList([]));
      }),
    );
    renderAt('status=all');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(queries).toEqual(['?page=1&per_page=20']);
  });

  it('says when nothing is to ship, with a way to every order', async () => {
    server.use(http.get('*/api/v1/vendor/orders', () => HttpResponse.json(vendorOrderList([]))));
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Nothing to ship' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all orders' })).toHaveAttribute('href', '/vendor/orders/?status=all');
  });
});

describe('/vendor/orders/?id=… (a part)', () => {
  it('shows the items, the delivery address, the history and the moves on offer, with the way back and the slip', async () => {
    serveOrder([vendorOrder({ processing_at: '2026-11-26T10:00:00Z', status: 'processing', next: ['shipped', 'cancelled'] })]);
    renderAt(`status=shipped&id=${PART_ID}`);

    const detail = await screen.findByTestId('vendor-order-detail');
    expect(screen.getByRole('heading', { level: 1, name: 'Order BZ-2026112601' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/vendor/orders/?status=shipped');
    expect(screen.getByRole('link', { name: 'Print packing slip' })).toHaveAttribute('href', `/vendor/orders/slip/?id=${PART_ID}`);

    const items = within(detail).getAllByTestId('order-item') as [HTMLElement, HTMLElement];
    expect(items[0]).toHaveTextContent('Cape Trail Tee');
    expect(items[0]).toHaveTextContent('Blue / M');
    expect(items[0]).toHaveTextContent('2 × R249.00');
    expect(items[0]).toHaveTextContent('R498.00');
    expect(items[1]).toHaveTextContent('1 × R150.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('R648.00');

    const address = screen.getByTestId('delivery-address');
    expect(address).toHaveTextContent('Thandi Mokoena');
    expect(address).toHaveTextContent('12 Long Street');
    expect(address).toHaveTextContent('Unit 4');
    expect(address).toHaveTextContent('Cape Town 8001');
    expect(address).toHaveTextContent('Phone: 082 123 4567');

    const history = screen.getByRole('list', { name: 'Order history' });
    expect(within(history).getAllByTestId('order-status').map((badge) => badge.textContent)).toEqual(['Confirmed', 'Processing']);

    // Processing already: shipping and cancelling are what is left.
    expect(screen.queryByRole('button', { name: 'Mark as processing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as delivered' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Mark as shipped' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it('marks a part as processing, and shows it as it now stands', async () => {
    const { sent } = serveOrder(
      [vendorOrder()],
      [vendorOrder({ status: 'processing', processing_at: '2026-11-26T10:00:00Z', next: ['shipped', 'cancelled'] })],
    );
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as processing' }));

    expect(await screen.findByText('Marked as processing')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'processing' }]);
    expect(screen.queryByRole('button', { name: 'Mark as processing' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 1 }).parentElement!).getByTestId('order-status')).toHaveTextContent(
      'Processing',
    );
  });

  it('says so when the part moved meanwhile (409), and reads it again to offer what is left', async () => {
    const shipped = vendorOrder({
      status: 'shipped',
      shipped_at: '2026-11-26T11:00:00Z',
      courier: 'pargo',
      courier_name: 'Pargo',
      tracking_number: 'PGO-1',
      tracking_url: 'https://pargo.co.za/track-trace/',
      next: ['delivered'],
    });
    const { sent, reads } = serveOrder(
      [vendorOrder(), shipped],
      [{ status: 409, message: 'This order has already been shipped' }],
    );
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as processing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This order has already been shipped');
    expect(sent).toEqual([{ status: 'processing' }]);
    expect(await screen.findByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
    expect(reads()).toBe(2);
    expect(screen.queryByRole('button', { name: 'Mark as processing' })).not.toBeInTheDocument();
    const shipment = screen.getByTestId('shipment');
    expect(shipment).toHaveTextContent('Pargo');
    expect(shipment).toHaveTextContent('PGO-1');
  });

  it('checks the shipping form before sending, then shows the API’s field errors (400) next to their fields', async () => {
    const { sent } = serveOrder(
      [vendorOrder()],
      [
        {
          status: 400,
          message: 'The tracking link must be an https:// address',
          fields: { tracking_url: 'The tracking link must be an https:// address' },
        },
      ],
    );
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mark as shipped' });
    const courier = within(form).getByRole('combobox', { name: 'Courier' });
    await waitFor(() => expect(courier).toBeEnabled());

    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByText('Choose the courier')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Tracking number' })).toHaveAccessibleDescription('Enter the tracking number');
    expect(sent).toEqual([]);

    await user.selectOptions(courier, 'The Courier Guy');
    expect(within(form).getByText('Leave it empty to send the customer to The Courier Guy’s tracking page.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Tracking number' }), ' TCG 12345 ');
    await user.type(within(form).getByRole('textbox', { name: 'Tracking link (optional)' }), 'https://track.example/TCG');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));

    const link = within(form).getByRole('textbox', { name: 'Tracking link (optional)' });
    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(link).toHaveAccessibleDescription(expect.stringContaining('The tracking link must be an https:// address'));
    expect(within(form).getByRole('combobox', { name: 'Courier' })).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([
      { status: 'shipped', courier: 'the_courier_guy', tracking_number: 'TCG 12345', tracking_url: 'https://track.example/TCG' },
    ]);
  });

  it('refuses a tracking link that is not https before sending', async () => {
    const { sent } = serveOrder([vendorOrder()]);
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mark as shipped' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Courier' })).toBeEnabled());
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Courier' }), 'Pargo');
    await user.type(within(form).getByRole('textbox', { name: 'Tracking number' }), 'PGO-1');
    await user.type(within(form).getByRole('textbox', { name: 'Tracking link (optional)' }), 'http://track.example/1');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByText('The tracking link must be an https:// address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('ships a part: the courier and tracking number go, and the shipment shows with its tracking link', async () => {
    const { sent } = serveOrder(
      [vendorOrder()],
      [
        vendorOrder({
          status: 'shipped',
          shipped_at: '2026-11-26T11:00:00Z',
          courier: 'the_courier_guy',
          courier_name: 'The Courier Guy',
          tracking_number: 'TCG12345',
          tracking_url: 'https://www.thecourierguy.co.za/tracking',
          next: ['delivered'],
        }),
      ],
    );
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mark as shipped' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Courier' })).toBeEnabled());
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Courier' }), 'the_courier_guy');
    await user.type(within(form).getByRole('textbox', { name: 'Tracking number' }), 'TCG12345');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));

    expect(await screen.findByText('Marked as shipped')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'shipped', courier: 'the_courier_guy', tracking_number: 'TCG12345', tracking_url: null }]);
    expect(screen.queryByRole('form', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
    const track = within(screen.getByTestId('shipment')).getByRole('link', { name: /Track parcel/ });
    expect(track).toHaveAttribute('href', 'https://www.thecourierguy.co.za/tracking');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('cancels only with a reason, saying the stock returns and the customer is refunded', async () => {
    const { sent } = serveOrder(
      [vendorOrder()],
      [
        vendorOrder({
          status: 'cancelled',
          cancelled_at: '2026-11-26T12:00:00Z',
          cancel_reason: 'Out of stock after a miscount',
          refund_due_cents: 64800,
          next: [],
        }),
      ],
    );
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel order BZ-2026112601?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('their stock goes back into your inventory'));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('the customer is refunded R648.00 for this part'));

    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Say why the order is cancelled (3 to 500 characters)');
    await user.type(reason, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  Out of stock after a miscount ');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'cancelled', reason: 'Out of stock after a miscount' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cancellation = screen.getByTestId('cancellation');
    expect(cancellation).toHaveTextContent('Reason: Out of stock after a miscount');
    expect(cancellation).toHaveTextContent('The customer is refunded R648.00 for this part.');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print packing slip' })).not.toBeInTheDocument();
  });

  it('shows the API’s reason message in the dialog', async () => {
    serveOrder([vendorOrder()], [{ status: 400, fields: { reason: 'Say why the order is cancelled (3 to 500 characters)' } }]);
    renderAt(`id=${PART_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.type(reason, 'Because');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Say why the order is cancelled (3 to 500 characters)'));
  });

  it('says when the part is not the store’s', async () => {
    serveOrder([vendorOrder()]);
    renderAt(`id=${OTHER_PART_ID}`);
    expect(await screen.findByRole('heading', { name: 'This order is not in your store' })).toBeInTheDocument();
  });
});
