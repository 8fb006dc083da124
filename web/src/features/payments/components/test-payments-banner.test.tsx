import { render, screen } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPaymentsBanner } from '@/features/payments/components/test-payments-banner';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);

beforeEach(() => mockedPathname.mockReturnValue('/'));
describe('TestPaymentsBanner', () => {
  // Whether it shows is CSS's call, from the mark the server puts on <html>; the browser
  // journeys check that against a server in simulator mode (e2e/smoke.spec.ts).
  it('renders the notice, with the simulator sentence apart, hidden until the page is marked', () => {
    render(<TestPaymentsBanner />);
    const banner = screen.getByTestId('test-payments-banner');
    expect(banner).toHaveAttribute('aria-label', 'Test payments');
    expect(banner).toHaveClass('hidden', '[html[data-test-payments]_&]:block');
    expect(banner).toHaveTextContent('Test payments: no real money is charged.');
    expect(screen.getByText('Payments go to the PayFast simulator.')).toHaveClass(
      'hidden',
      '[html[data-test-payments=simulator]_&]:inline',
    );
  });

  it('is not rendered where the header is hidden', () => {
    mockedPathname.mockReturnValue('/admin/');
    render(<TestPaymentsBanner />);
    expect(screen.queryByTestId('test-payments-banner')).not.toBeInTheDocument();
  });
});
