import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { PaymentCancelPage } from '@/features/payments/components/payment-cancel-page';
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page';
import { setConversionSink } from '@/lib/tracking/conversions';
import { storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { pendingOrder } from '@/test/fixtures';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const push = vi.fn();
beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams('order=o1') as unknown as ReadonlyURLSearchParams);
});

const order = pendingOrder;

function render(ui: React.ReactElement) {
  return renderWithQueryClient(
    <>
      {ui}
      <Toaster />
    </>,
  );
}

describe('PaymentSuccessPage', () => {
  it('asks again until the order is paid, then shows it and the points earned', async () => {
    storeSession();
    let calls = 0;
    server.use(
      http.get('*/api/v1/orders/o1', () => {
        calls += 1;
        return HttpResponse.json({
          order: calls < 2 ? order() : order({ status: 'paid', points_earned: 26, paid_at: '2026-11-21T10:01:00Z' }),
        });
      }),
      http.get('*/api/v1/cart', () => HttpResponse.json(cart([]))),
    );
    render(<PaymentSuccessPage />);
    expect(await screen.findByText(/Waiting for PayFast to confirm order BZ-0123456789/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('paid-order')).toHaveTextContent('Order BZ-0123456789 is paid.');
    expect(screen.getByTestId('paid-total')).toHaveTextContent('R323.00');
    expect(await screen.findByText('You earned 26 points!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/profile/?tab=orders&order=o1');
    expect(calls).toBe(2);
  });

  it('sends the purchase to the tracking tools once the order is paid, and once only', async () => {
    storeSession();
    let calls = 0;
    server.use(
      http.get('*/api/v1/orders/o1', () => {
        calls += 1;
        return HttpResponse.json({ order: calls < 2 ? order() : order({ status: 'paid', paid_at: '2026-11-21T10:01:00Z' }) });
      }),
      http.get('*/api/v1/cart', () => HttpResponse.json(cart([]))),
    );
    // Drops what earlier tests' pages sent (held, with no consent root to say where it goes).
    setConversionSink(() => {});
    const sink = vi.fn();
    setConversionSink(sink);
    try {
      const first = render(<PaymentSuccessPage />);
      expect(await screen.findByText(/Waiting for PayFast to confirm order BZ-0123456789/)).toBeInTheDocument();
      expect(sink).not.toHaveBeenCalled();
      expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 4000 })).toBeInTheDocument();
      expect(sink.mock.calls).toEqual([[{ type: 'purchase', order_number: 'BZ-0123456789', value_cents: 32_300 }]]);

      // Shown again (a reload, the back button): no second sale.
      first.unmount();
      render(<PaymentSuccessPage />);
      expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
      expect(sink).toHaveBeenCalledTimes(1);
    } finally {
      setConversionSink(null);
    }
  });

  it('says when the order was cancelled', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/orders/o1', () =>
        HttpResponse.json({ order: order({ status: 'cancelled', cancel_reason: 'Payment not received in time' }) }),
      ),
    );
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeInTheDocument();
  });
});

describe('PaymentCancelPage', () => {
  it('restores the cart, says "Cart restored" and goes to the cart', async () => {
    storeSession();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/cart/restore', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(cart([cartItem()]));
      }),
    );
    const user = userEvent.setup();
    render(<PaymentCancelPage />);
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore cart' }));
    expect(await screen.findByText('Cart restored')).toBeInTheDocument();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/cart/'));
    expect(bodies).toEqual([{ order_id: 'o1' }]);
  });

  it('says "Failed to restore cart items" when the server refuses', async () => {
    storeSession();
    server.use(
      http.post('*/api/v1/cart/restore', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    render(<PaymentCancelPage />);
    await user.click(screen.getByRole('button', { name: 'Restore cart' }));
    expect(await screen.findByText('Failed to restore cart items')).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
  });

  it('offers no restore to a guest', () => {
    render(<PaymentCancelPage />);
    expect(screen.queryByRole('button', { name: 'Restore cart' })).not.toBeInTheDocument();
  });
});
