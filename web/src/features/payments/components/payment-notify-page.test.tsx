import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@/features/checkout/api/checkout-types';
import { PaymentNotifyPage } from '@/features/payments/components/payment-notify-page';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { pendingOrder } from '@/test/fixtures';

vi.mock('next/navigation', () => ({ useSearchParams: vi.fn() }));

function withQuery(query: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(query) as unknown as ReadonlyURLSearchParams);
}

const order = pendingOrder;

/** Answers GET /api/v1/orders/o1 with each of `answers` in turn (the last one repeats). */
function serveOrder(...answers: Order[]) {
  let calls = 0;
  server.use(
    http.get('*/api/v1/orders/o1', () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return HttpResponse.json({ order: answer });
    }),
  );
  return () => calls;
}

function expectOrderLinks() {
  expect(screen.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/profile/?tab=orders');
  expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products/');
}

describe('PaymentNotifyPage', () => {
  it('explains that PayFast confirms payments directly', () => {
    withQuery('');
    renderWithQueryClient(<PaymentNotifyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('notify-explanation')).toHaveTextContent(/^PayFast tells us about payments directly/);
    expectOrderLinks();
    expect(screen.queryByRole('link', { name: 'Sign in to follow this order' })).not.toBeInTheDocument();
  });

  it('asks a guest with an order to sign in, without asking for the order', () => {
    withQuery('order=o1');
    const calls = serveOrder(order());
    renderWithQueryClient(<PaymentNotifyPage />);
    expect(screen.getByTestId('notify-explanation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to follow this order' })).toHaveAttribute('href', '/login/');
    expectOrderLinks();
    expect(calls()).toBe(0);
  });

  it("follows a signed-in customer's order until PayFast has confirmed it", async () => {
    withQuery('order=o1');
    storeSession();
    const calls = serveOrder(order(), order({ status: 'paid', paid_at: '2026-11-21T10:01:00Z' }));
    renderWithQueryClient(<PaymentNotifyPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByTestId('notify-pending')).toHaveTextContent('Waiting for PayFast to confirm your payment…');
    expect(screen.getByText(/Order BZ-0123456789, R323\.00\./)).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('notify-paid')).toHaveTextContent(
      'PayFast has confirmed the payment for order BZ-0123456789.',
    );
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute(
      'href',
      '/profile/?tab=orders&order=o1',
    );
    expect(calls()).toBe(2);
  });

  it('explains a cancelled order and the refund due', async () => {
    withQuery('order=o1');
    storeSession();
    serveOrder(order({ status: 'cancelled', cancel_reason: 'Payment not received in time', refund_due_cents: 32300 }));
    renderWithQueryClient(<PaymentNotifyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This order was cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('cancelled-order')).toHaveTextContent(
      'Order BZ-0123456789 was cancelled: Payment not received in time',
    );
    expect(screen.getByTestId('refund-due')).toHaveTextContent('A refund of R323.00 is due to you');
    expectOrderLinks();
  });

  it('says when the order does not exist', async () => {
    withQuery('order=o1');
    storeSession();
    server.use(
      http.get('*/api/v1/orders/o1', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    );
    renderWithQueryClient(<PaymentNotifyPage />);
    expect(await screen.findByRole('heading', { name: 'Your order could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('This order does not exist.')).toBeInTheDocument();
  });
});
