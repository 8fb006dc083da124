import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPaymentsBanner } from '@/features/payments/components/test-payments-banner';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);

function serveConfig(body: Record<string, unknown>, status = 200) {
  let calls = 0;
  server.use(
    http.get('*/api/v1/payments/config', () => {
      calls += 1;
      return HttpResponse.json(body, { status });
    }),
  );
  return () => calls;
}

beforeEach(() => mockedPathname.mockReturnValue('/'));

describe('TestPaymentsBanner', () => {
  it('says test payments are free and names the simulator in simulator mode', async () => {
    serveConfig({ provider: 'payfast', mode: 'simulator', test_payments: true });
    renderWithQueryClient(<TestPaymentsBanner />);
    const banner = await screen.findByRole('complementary', { name: 'Test payments' });
    expect(banner).toHaveTextContent('Test payments: no real money is charged.');
    expect(banner).toHaveTextContent('Payments go to the PayFast simulator.');
  });

  it('leaves the simulator out in sandbox mode', async () => {
    serveConfig({ provider: 'payfast', mode: 'sandbox', test_payments: true });
    renderWithQueryClient(<TestPaymentsBanner />);
    const banner = await screen.findByTestId('test-payments-banner');
    expect(banner).toHaveTextContent('Test payments: no real money is charged.');
    expect(banner).not.toHaveTextContent('simulator');
  });

  it('is hidden for live payments', async () => {
    const calls = serveConfig({ provider: 'payfast', mode: 'live', test_payments: false });
    renderWithQueryClient(<TestPaymentsBanner />);
    await waitFor(() => expect(calls()).toBe(1));
    expect(screen.queryByTestId('test-payments-banner')).not.toBeInTheDocument();
  });

  it('is hidden when the configuration cannot be read', async () => {
    const calls = serveConfig({ error: { code: 'not_found', message: 'Not found' } }, 404);
    renderWithQueryClient(<TestPaymentsBanner />);
    await waitFor(() => expect(calls()).toBe(1));
    expect(screen.queryByTestId('test-payments-banner')).not.toBeInTheDocument();
  });

  it('is hidden under /admin and /vendor', async () => {
    const calls = serveConfig({ provider: 'payfast', mode: 'simulator', test_payments: true });
    mockedPathname.mockReturnValue('/vendor/orders/');
    const { queryClient } = renderWithQueryClient(<TestPaymentsBanner />);
    await waitFor(() => expect(calls()).toBe(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('test-payments-banner')).not.toBeInTheDocument();
  });
});
