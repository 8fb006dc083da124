import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, Refund } from '@/features/admin/api/orders';
import { nextOrderStatuses, OrderDetail } from '@/features/admin/components/order-detail';
import { REFUND_MESSAGES } from '@/features/admin/components/refund-dialog';
import {
  capePart,
  KAROO_PART_ID,
  karooPart,
  ORDER_ID,
  orderDetail,
  refund,
  REFUND_ID,
  SOCKS_LINE_ID,
} from '@/test/admin-orders';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(() => ({ push: vi.fn(), replace: vi.fn() })),
  useSearchParams: vi.fn(() => new URLSearchParams()),
  usePathname: vi.fn(() => '/admin/orders/'),
}));

type Answer = (body: unknown) => Response | { detail: AdminOrderDetail; reply: object };

function problem(status: number, code: string, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/**
 * One order kept in memory as the server keeps it; each POST is recorded and answered by the
 * test's function, which may change the order (later reads see the change).
 */
function serveOrder(initial: AdminOrderDetail, answers: Partial<Record<'status' | 'refund' | 'retry' | 'paid', Answer>> = {}) {
  let detail = initial;
  const calls: { path: string; body?: unknown }[] = [];
  const answer = (path: keyof typeof answers, body: unknown) => {
    calls.push({ path, body });
    const reply = answers[path]?.(body);
    if (!reply) return problem(500, 'unexpected', 'unexpected');
    if (reply instanceof Response) return reply;
    detail = reply.detail;
    return HttpResponse.json(reply.reply);
  };
  server.use(
    http.get('*/api/v1/admin/orders/:id', () => {
      calls.push({ path: 'get' });
      return HttpResponse.json(detail);
    }),
    http.post('*/api/v1/admin/orders/:id/status', async ({ request }) => answer('status', await request.json())),
    http.post('*/api/v1/admin/orders/:id/refunds', async ({ request }) => answer('refund', await request.json())),
    http.post('*/api/v1/admin/orders/:id/refunds/paid', async ({ request }) => answer('paid', await request.json())),
    http.post('*/api/v1/admin/refunds/:id/retry', ({ params }) => answer('retry', params.id)),
  );
  return { calls, current: () => detail };
}

function renderOrder() {
  storeSession();
  return renderWithQueryClient(<OrderDetail id={ORDER_ID} />);
}

/** The order after the socks' second pair was refunded, as the API answers it. */
function afterSocksRefund(detail: AdminOrderDetail, issued: Refund): AdminOrderDetail {
  const [karoo, cape] = detail.order.parts as [ReturnType<typeof karooPart>, ReturnType<typeof capePart>];
  return {
    ...detail,
    order: {
      ...detail.order,
      parts: [
        { ...karoo, items: karoo.items.map((line) => (line.id === SOCKS_LINE_ID ? { ...line, refunded_quantity: 3 } : line)) },
        cape,
      ],
    },
    refunds: [...detail.refunds, issued],
  };
}

describe('/admin/orders/?id=…: the order', () => {
  it('shows the facts, each store’s part with its lines and refunds, payments, books by journal and activity', async () => {
    serveOrder(orderDetail());
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order BZ-20261120-0042' })).toBeInTheDocument();
    expect(screen.getByTestId('order-buyer')).toHaveAttribute('href', '/admin/users/?id=0190f000-0000-7000-8000-00000000b001');
    expect(screen.getByTestId('order-total')).toHaveTextContent('R2,175.00');
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('Thandi Mokoena');

    const [karoo, cape] = screen.getAllByTestId('order-part') as [HTMLElement, HTMLElement];
    expect(within(karoo).getByRole('heading', { name: 'Karoo Outdoor Co.' })).toBeInTheDocument();
    expect(within(karoo).getByTestId('order-status')).toHaveTextContent('Delivered');
    expect(within(karoo).getByTestId('part-shipment')).toHaveTextContent('The Courier Guy · tracking TCG123456');
    const [shoes, socks] = within(karoo).getAllByTestId('order-line') as [HTMLElement, HTMLElement];
    expect(shoes).toHaveTextContent('Trail shoe');
    expect(shoes).toHaveTextContent('Blue · 42');
    expect(within(socks).getByTestId('line-refunded')).toHaveTextContent('1');
    expect(within(cape).getByTestId('part-shipment')).toHaveTextContent('Not shipped yet');

    const [row] = screen.getAllByTestId('refund-row') as [HTMLElement];
    expect(within(row).getByTestId('refund-status')).toHaveAttribute('data-status', 'paid');
    expect(within(row).getByTestId('refund-status')).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('1 × Merino socks (M)');
    expect(row).toHaveTextContent('Arrived with a hole');
    expect(within(row).queryByRole('button', { name: 'Ask PayFast again' })).not.toBeInTheDocument();

    expect(screen.getByTestId('order-payment')).toHaveTextContent('PF-1234567');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Accepted');

    const journals = screen.getAllByTestId('ledger-journal') as [HTMLElement, HTMLElement];
    expect(journals).toHaveLength(2);
    expect(journals[0]).toHaveTextContent('Sale');
    expect(within(journals[0]).getAllByTestId('ledger-entry')).toHaveLength(2);
    expect(journals[0]).toHaveTextContent('Gateway and bank');
    expect(journals[0]).toHaveTextContent('+R2,175.00');
    expect(journals[0]).toHaveTextContent('Karoo Outdoor Co.');
    expect(journals[1]).toHaveTextContent('Refund to the buyer');

    const activity = screen.getByRole('list', { name: 'Activity' });
    const entries = within(activity).getAllByTestId('audit-entry');
    expect(entries[0]).toHaveTextContent('Refunded an order');
    expect(entries[1]).toHaveTextContent('Moved an order on');
  });

  it('offers only the next statuses, and moves the order on', async () => {
    const served = serveOrder(orderDetail(), {
      status: (body) => {
        const detail = orderDetail();
        return {
          detail: { ...detail, order: { ...detail.order, status: 'shipped', parts: [karooPart(), capePart({ status: 'shipped' })] } },
          reply: { id: ORDER_ID, status: (body as { status: string }).status },
        };
      },
    });
    renderOrder();
    const select = await screen.findByLabelText('Move order to');
    // Karoo's part is delivered and Cape's being prepared: shipping is the only step, and nothing can be cancelled.
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Shipped']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    await waitFor(() => expect(served.calls.find((call) => call.path === 'status')?.body).toEqual({ status: 'shipped' }));
    // Read again: Cape's part has shipped, so delivering it is the step left.
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Shipped'));
    expect(within(screen.getByLabelText('Move order to')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Delivered',
    ]);
  });

  it('cancels only once confirmed, and shows the server’s refusal', async () => {
    const paid = orderDetail();
    const single: AdminOrderDetail = {
      ...paid,
      order: { ...paid.order, status: 'paid', parts: [capePart({ status: 'paid' })] },
      refunds: [],
    };
    const served = serveOrder(single, {
      status: () => problem(409, 'conflict', 'Admin cannot move an order that is shipped to cancelled'),
    });
    renderOrder();
    const select = await screen.findByLabelText('Move order to');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Processing', 'Cancelled']);

    const user = userEvent.setup();
    await user.selectOptions(select, 'Cancelled');
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order BZ-20261120-0042?' });
    expect(served.calls.some((call) => call.path === 'status')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByTestId('move-error')).toHaveTextContent('Admin cannot move an order that is shipped to cancelled');
    expect(served.calls.find((call) => call.path === 'status')?.body).toEqual({ status: 'cancelled' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refunds one line of one part with a reason, shows how PayFast answered, and takes the order as it now is', async () => {
    const served = serveOrder(orderDetail(), {
      refund: () => {
        const issued = refund({
          id: 'r-2',
          value_cents: 24000,
          money_cents: 24000,
          lines: [{ item_id: SOCKS_LINE_ID, quantity: 2 }],
          restocked: true,
          reason: 'Wrong size',
        });
        const detail = afterSocksRefund(orderDetail(), issued);
        return { detail, reply: { refund: issued, order: detail } };
      },
    });
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order BZ-20261120-0042' });

    await user.click(within(dialog).getByRole('radio', { name: /Karoo Outdoor Co\./ }));
    // The shoes and socks are Karoo's; the headlamp (Cape's) is not offered.
    expect(within(dialog).queryByText('Headlamp')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Refund Merino socks (M)' }));
    // At most what is left: 3 bought, 1 refunded.
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Merino socks (M) to refund' });
    expect(quantity).toHaveValue(2);
    expect(quantity).toHaveAttribute('max', '2');
    expect(within(dialog).getByTestId('refund-lines-worth')).toHaveTextContent('R240.00');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Put back in stock' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Issue refund' }));

    const result = await within(dialog).findByTestId('refund-result');
    expect(served.calls.find((call) => call.path === 'refund')?.body).toEqual({
      lines: [{ item_id: SOCKS_LINE_ID, quantity: 2 }],
      part_id: KAROO_PART_ID,
      restock: true,
      reason: 'Wrong size',
    });
    expect(within(result).getByTestId('refund-status')).toHaveAttribute('data-status', 'paid');
    expect(result).toHaveTextContent('Paid: R240.00 went back to the buyer.');

    // The page already shows the answer's order: the socks are refunded in full, and the refund is listed.
    const socks = within(screen.getAllByTestId('order-part')[0] as HTMLElement).getAllByTestId('order-line')[1] as HTMLElement;
    expect(within(socks).getByTestId('line-refunded')).toHaveTextContent('3');
    expect(screen.getAllByTestId('refund-row')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refunds an amount in rand of a part without lines', async () => {
    const served = serveOrder(orderDetail(), {
      refund: () => {
        const issued = refund({ id: 'r-3', part_id: KAROO_PART_ID, lines: [], value_cents: 5050, money_cents: 5050, status: 'requested', reason: 'Late delivery' });
        const detail = { ...orderDetail(), refunds: [refund(), issued] };
        return { detail, reply: { refund: issued, order: detail } };
      },
    });
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByTestId('refund-dialog');
    await user.type(within(dialog).getByLabelText('Amount to refund (R)'), '50.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Late delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Issue refund' }));

    const result = await within(dialog).findByTestId('refund-result');
    expect(served.calls.find((call) => call.path === 'refund')?.body).toEqual({
      lines: [],
      value_cents: 5050,
      part_id: KAROO_PART_ID,
      restock: false,
      reason: 'Late delivery',
    });
    expect(within(result).getByTestId('refund-status')).toHaveTextContent('Requested');
    expect(result).toHaveTextContent('Asked PayFast to pay R50.50 back; waiting for its answer.');
  });

  it('checks the refund before sending it, and shows the server’s messages', async () => {
    const served = serveOrder(orderDetail(), {
      refund: () => problem(409, 'refunded', 'This part has been refunded in full'),
    });
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByTestId('refund-dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Issue refund' }));
    expect(within(dialog).getByText(REFUND_MESSAGES.nothing)).toBeInTheDocument();
    expect(within(dialog).getByText(REFUND_MESSAGES.reason)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(served.calls.some((call) => call.path === 'refund')).toBe(false);

    await user.type(within(dialog).getByLabelText('Amount to refund (R)'), '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Issue refund' }));
    expect(await within(dialog).findByTestId('refund-error')).toHaveTextContent('This part has been refunded in full');
  });

  it('puts the server’s field message on its field', async () => {
    serveOrder(orderDetail(), {
      refund: () => problem(400, 'validation_failed', 'At most R1,200.00 of this part can still be refunded', {
        value_cents: 'At most R1,200.00 of this part can still be refunded',
      }),
    });
    renderOrder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('refund-button'));
    const dialog = await screen.findByTestId('refund-dialog');
    await user.type(within(dialog).getByLabelText('Amount to refund (R)'), '5000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Issue refund' }));
    expect(await within(dialog).findByText('At most R1,200.00 of this part can still be refunded')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to refund (R)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks PayFast again for a failed refund', async () => {
    const failed = refund({ status: 'failed', gateway_message: 'Insufficient merchant balance', gateway_reference: null });
    const served = serveOrder(
      { ...orderDetail(), refunds: [failed] },
      {
        retry: () => {
          const paid = refund({ status: 'paid' });
          return { detail: { ...orderDetail(), refunds: [paid] }, reply: paid };
        },
      },
    );
    renderOrder();
    const row = (await screen.findAllByTestId('refund-row'))[0] as HTMLElement;
    expect(within(row).getByTestId('refund-status')).toHaveTextContent('Failed');
    expect(within(row).getByTestId('refund-outcome')).toHaveTextContent('Insufficient merchant balance');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Ask PayFast again' }));
    await waitFor(() => expect(served.calls.find((call) => call.path === 'retry')?.body).toBe(REFUND_ID));
    await waitFor(() => expect(screen.getByTestId('refund-status')).toHaveTextContent('Paid'));
    expect(screen.queryByRole('button', { name: 'Ask PayFast again' })).not.toBeInTheDocument();
  });

  it('records money owed back as paid by other means', async () => {
    const owed = orderDetail();
    const served = serveOrder(
      { ...owed, order: { ...owed.order, refund_due_cents: 45000 } },
      { paid: () => ({ detail: orderDetail(), reply: { order_id: ORDER_ID, refund_due_cents: 0 } }) },
    );
    renderOrder();
    const form = await screen.findByTestId('record-refund-paid');
    expect(form).toHaveTextContent('R450.00 is owed back to the buyer.');
    const amount = within(form).getByLabelText('Amount paid back (R)');
    expect(amount).toHaveValue('450.00');

    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(form).getByRole('button', { name: 'Record as paid' }));
    expect(within(form).getByText('At most the R450.00 owed')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '450');
    await user.click(within(form).getByRole('button', { name: 'Record as paid' }));
    await waitFor(() => expect(served.calls.find((call) => call.path === 'paid')?.body).toEqual({ amount_cents: 45000 }));
    await waitFor(() => expect(screen.queryByTestId('record-refund-paid')).not.toBeInTheDocument());
  });

  it('says an order that does not exist is not found', async () => {
    storeSession();
    server.use(http.get('*/api/v1/admin/orders/:id', () => problem(404, 'not_found', 'Order not found')));
    renderWithQueryClient(<OrderDetail id={ORDER_ID} />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Order not found');
  });
});

describe('nextOrderStatuses', () => {
  it('offers each live part’s next step, and cancelling only while nothing has shipped', () => {
    expect(nextOrderStatuses({ parts: [capePart({ status: 'paid' })] })).toEqual(['processing', 'cancelled']);
    expect(nextOrderStatuses({ parts: [capePart({ status: 'paid' }), karooPart({ status: 'processing' })] })).toEqual([
      'processing',
      'shipped',
      'cancelled',
    ]);
    expect(nextOrderStatuses({ parts: [capePart({ status: 'shipped' }), karooPart({ status: 'cancelled' })] })).toEqual(['delivered']);
    expect(nextOrderStatuses({ parts: [capePart({ status: 'pending_payment' })] })).toEqual(['cancelled']);
    expect(nextOrderStatuses({ parts: [capePart({ status: 'delivered' })] })).toEqual([]);
    expect(nextOrderStatuses({ parts: [capePart({ status: 'cancelled' })] })).toEqual([]);
  });
});
