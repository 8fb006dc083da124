import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { Order } from '@/features/checkout/api/checkout-types';
import { getChatLauncher, resetChatLauncher } from '@/features/chat/lib/chat-launcher';
import { OrdersTab } from '@/features/orders/components/orders-tab';
import { storeSession } from '@/test/auth';
import { orderPart } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn(), usePathname: () => '/profile/' }));

const replace = vi.fn();
function atSearch(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    order_number: 'BZ-0123456789',
    status: 'paid',
    currency: 'ZAR',
    subtotal_cents: 25800,
    coupon_code: null,
    discount_cents: 0,
    shipping_cents: 6500,
    points_spent: 100,
    points_discount_cents: 1000,
    vat_cents: 4083,
    total_cents: 31300,
    points_earned: 25,
    shipping_address: {
      recipient: 'Thandi Mokoena',
      phone: '0821234567',
      line1: '12 Long Street',
      city: 'Cape Town',
      province: 'Western Cape',
      postal_code: '8001',
    },
    reserved_until: null,
    paid_at: '2026-11-21T10:01:00Z',
    cancelled_at: null,
    cancel_reason: null,
    refund_due_cents: 0,
    can_cancel: true,
    created_at: '2026-11-21T10:00:00Z',
    parts: [orderPart()],
    payment: null,
    ...overrides,
  };
}

function render() {
  return renderWithQueryClient(
    <>
      <OrdersTab />
      <Toaster />
    </>,
  );
}

describe('OrdersTab', () => {
  it('lists the orders with status, date, items and total, each linking to its detail', async () => {
    atSearch('tab=orders');
    server.use(
      http.get('*/api/v1/orders', () =>
        HttpResponse.json({
          orders: [
            { id: 'o1', order_number: 'BZ-0123456789', status: 'shipped', currency: 'ZAR', total_cents: 31300, item_count: 2, created_at: '2026-11-21T10:00:00Z' },
          ],
          meta: { total: 1, page: 1, per_page: 10 },
        }),
      ),
    );
    render();
    const row = await screen.findByTestId('order-row');
    expect(row).toHaveTextContent('BZ-0123456789');
    expect(row).toHaveTextContent('Nov 21, 2026 · 2 items');
    expect(row).toHaveTextContent('R313.00');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(row).toHaveAttribute('href', '/profile/?tab=orders&order=o1');
  });

  it('says when there are no orders', async () => {
    atSearch('tab=orders');
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json({ orders: [], meta: { total: 0, page: 1, per_page: 10 } })));
    render();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it('shows an order and cancels it with the points refunded toast', async () => {
    atSearch('tab=orders&order=o1');
    server.use(
      http.get('*/api/v1/orders/o1', () => HttpResponse.json({ order: order() })),
      http.post('*/api/v1/orders/o1/cancel', () =>
        HttpResponse.json({
          order: order({ status: 'cancelled', can_cancel: false, cancel_reason: 'Cancelled by the customer' }),
          points_refunded: 100,
          message: 'Order cancelled',
        }),
      ),
    );
    const user = userEvent.setup();
    render();
    const detail = await screen.findByTestId('order-detail');
    expect(detail).toHaveTextContent('Order BZ-0123456789');
    expect(detail).toHaveTextContent('PWR Athletics · estimated delivery Nov 26 – Dec 2');
    expect(within(detail).getByTestId('part-charges')).toHaveTextContent(/^Shipping: R65\.00$/);
    expect(detail).toHaveTextContent('PWR Shaker Bottle 700ml × 2');
    expect(screen.getByTestId('order-total')).toHaveTextContent('R313.00');
    expect(detail).toHaveTextContent('Thandi Mokoena, 12 Long Street, Cape Town, Western Cape, 8001');

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('100 points refunded to your account!')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled: Cancelled by the customer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All orders' }));
    expect(replace).toHaveBeenCalledWith('/profile/?tab=orders', { scroll: false });
  });

  it('shows each part’s shipping and its share of the discount, the order’s totals as they are', async () => {
    atSearch('tab=orders&order=o1');
    server.use(
      http.get('*/api/v1/orders/o1', () =>
        HttpResponse.json({
          order: order({
            subtotal_cents: 55800,
            coupon_code: 'TRAIL10',
            discount_cents: 3000,
            shipping_cents: 3000,
            points_spent: 0,
            points_discount_cents: 0,
            total_cents: 55800,
            parts: [
              orderPart(),
              orderPart({
                id: 'part2',
                vendor_id: 'v2',
                vendor_name: 'Cape Trail Co',
                subtotal_cents: 30000,
                discount_cents: 3000,
                shipping_cents: 0,
                delivery_from: '2026-11-27',
                delivery_to: '2026-12-04',
              }),
            ],
          }),
        }),
      ),
    );
    render();
    const detail = await screen.findByTestId('order-detail');
    const [first, second] = within(detail).getAllByTestId('order-part') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('PWR Athletics · estimated delivery Nov 26 – Dec 2');
    expect(within(first).getByTestId('part-charges')).toHaveTextContent(/^Shipping: R65\.00$/);
    expect(within(first).queryByTestId('part-discount')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Cape Trail Co · estimated delivery Nov 27 – Dec 4');
    expect(within(second).getByTestId('part-charges')).toHaveTextContent(/^Shipping: Free · Discount: -R30\.00$/);
    expect(screen.getByTestId('order-total')).toHaveTextContent('R558.00');
  });

  it('shows each part’s status, its courier and tracking number with a Track parcel link, and a cancelled part’s reason', async () => {
    atSearch('tab=orders&order=o1');
    server.use(
      http.get('*/api/v1/orders/o1', () =>
        HttpResponse.json({
          order: order({
            status: 'shipped',
            can_cancel: false,
            parts: [
              orderPart({
                status: 'shipped',
                courier: 'the_courier_guy',
                courier_name: 'The Courier Guy',
                tracking_number: 'TCG12345',
                tracking_url: 'https://www.thecourierguy.co.za/tracking',
                shipped_at: '2026-11-22T09:00:00Z',
              }),
              orderPart({
                id: 'part2',
                vendor_id: 'v2',
                vendor_name: 'Cape Trail Co',
                status: 'cancelled',
                cancelled_at: '2026-11-22T10:00:00Z',
                cancel_reason: 'Out of stock after a miscount',
                refund_due_cents: 15000,
              }),
            ],
          }),
        }),
      ),
    );
    render();
    const detail = await screen.findByTestId('order-detail');
    const [shipped, cancelled] = within(detail).getAllByTestId('order-part') as [HTMLElement, HTMLElement];

    expect(within(shipped).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(shipped).getByTestId('part-tracking')).toHaveTextContent(
      'Shipped with The Courier Guy · tracking number TCG12345',
    );
    const track = within(shipped).getByRole('link', { name: /^Track parcel/ });
    expect(track).toHaveAttribute('href', 'https://www.thecourierguy.co.za/tracking');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');

    expect(within(cancelled).getByTestId('order-status')).toHaveTextContent('Cancelled');
    expect(within(cancelled).getByText('Cancelled: Out of stock after a miscount')).toBeInTheDocument();
    expect(cancelled).toHaveTextContent('R150.00 of this order is refunded to you.');
    expect(cancelled).not.toHaveTextContent('estimated delivery');
    expect(within(cancelled).queryByRole('link', { name: /Track parcel/ })).not.toBeInTheDocument();
  });

  it('offers "Ask the seller" on a store’s part, opening the chat about this order with that store', async () => {
    resetChatLauncher();
    atSearch('tab=orders&order=o1');
    const fromStore = { ...orderPart(), vendor_slug: 'pwr-athletics' };
    const house = orderPart({ id: 'p2', vendor_id: null, vendor_name: 'bazaar' });
    server.use(http.get('*/api/v1/orders/o1', () => HttpResponse.json({ order: order({ parts: [fromStore, house] }) })));
    const user = userEvent.setup();
    render();
    const [storePart, housePart] = (await screen.findAllByTestId('order-part')) as [HTMLElement, HTMLElement];
    expect(within(housePart).queryByRole('button', { name: 'Ask the seller' })).not.toBeInTheDocument();

    await user.click(within(storePart).getByRole('button', { name: 'Ask the seller' }));
    expect(getChatLauncher()).toMatchObject({
      open: true,
      target: {
        type: 'with',
        kind: 'vendor',
        vendor: { slug: 'pwr-athletics', name: 'PWR Athletics' },
        order: { id: 'o1', order_number: 'BZ-0123456789', status: fromStore.status },
      },
    });
    resetChatLauncher();
  });

  it('leaves the part’s status out of a one-store order that has not shipped', async () => {
    atSearch('tab=orders&order=o1');
    server.use(http.get('*/api/v1/orders/o1', () => HttpResponse.json({ order: order() })));
    render();
    const part = await screen.findByTestId('order-part');
    expect(within(part).queryByTestId('order-status')).not.toBeInTheDocument();
    expect(within(part).queryByTestId('part-progress')).not.toBeInTheDocument();
  });

  it('offers a Download link, with its 24-hour note, only on lines that have a download URL', async () => {
    atSearch('tab=orders&order=o1');
    const url = '/api/v1/downloads/l2?token=signed.token.value';
    const shaker = orderPart().items[0]!;
    server.use(
      http.get('*/api/v1/orders/o1', () =>
        HttpResponse.json({
          order: order({
            parts: [
              orderPart({
                items: [
                  shaker,
                  {
                    ...shaker,
                    id: 'l2',
                    product_id: 'p2',
                    product_name: 'Comrades Plan',
                    product_type: 'digital',
                    quantity: 1,
                    unit_price_cents: 19900,
                    line_total_cents: 19900,
                    download_url: url,
                  },
                ],
              }),
            ],
          }),
        }),
      ),
    );
    render();
    const detail = await screen.findByTestId('order-detail');
    const [physical, digital] = within(detail).getAllByTestId('order-line') as [HTMLElement, HTMLElement];

    const link = within(digital).getByRole('link', { name: 'Download Comrades Plan' });
    expect(link).toHaveTextContent('Download');
    expect(link).toHaveAttribute('download');
    expect(new URL(link.getAttribute('href')!).pathname + new URL(link.getAttribute('href')!).search).toBe(url);
    expect(digital).toHaveTextContent('Link works for 24 hours');

    // A line without a URL (physical, or not paid yet) has neither.
    expect(within(physical).queryByRole('link')).not.toBeInTheDocument();
    expect(physical).not.toHaveTextContent('Link works for 24 hours');
    expect(screen.getAllByRole('link', { name: /^Download/ })).toHaveLength(1);
  });

  it('shows no Download link when no line has a URL', async () => {
    atSearch('tab=orders&order=o1');
    server.use(http.get('*/api/v1/orders/o1', () => HttpResponse.json({ order: order() })));
    render();
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
    expect(detail).not.toHaveTextContent('Link works for 24 hours');
  });
});
