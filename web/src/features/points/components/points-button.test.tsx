import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { normaliseCode } from '@/features/points/api/points';
import { PointsButton } from '@/features/points/components/points-button';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function servePoints() {
  let balance = 150;
  const transactions = [
    { id: 't1', transaction_type: 'earned', points_amount: 150, description: 'Order BZ-0123456789', order_id: 'o1', created_at: '2026-11-20T10:00:00Z' },
  ];
  const redeemed: string[] = [];
  server.use(
    http.get('*/api/v1/points', () =>
      HttpResponse.json({ points: { current_balance: balance, lifetime_earned: balance, lifetime_spent: 0, value_cents: balance * 10 } }),
    ),
    http.get('*/api/v1/points/transactions', () => HttpResponse.json({ transactions })),
    http.post('*/api/v1/points/redeem', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      redeemed.push(code);
      if (code !== 'WELCOME100') {
        return HttpResponse.json({ success: false, points_awarded: 0, error: 'Invalid code', message: null }, { status: 400 });
      }
      balance += 100;
      return HttpResponse.json({ success: true, points_awarded: 100, error: null, message: 'Successfully redeemed 100 points!' });
    }),
  );
  return redeemed;
}

function render() {
  return renderWithQueryClient(
    <>
      <PointsButton />
      <Toaster />
    </>,
  );
}

describe('PointsButton', () => {
  it('is not shown to guests', () => {
    render();
    expect(screen.queryByTestId('points-button')).not.toBeInTheDocument();
  });

  it('shows the balance and opens Points Management with overview and history', async () => {
    storeSession();
    servePoints();
    const user = userEvent.setup();
    render();
    const button = await screen.findByRole('button', { name: 'Points: 150' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Points Management' });
    expect(await within(dialog).findByTestId('points-balance')).toHaveTextContent('150');
    expect(dialog).toHaveTextContent('Worth R15.00 at checkout');
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    const history = await within(dialog).findByTestId('points-history');
    expect(history).toHaveTextContent('Order BZ-0123456789');
    expect(history).toHaveTextContent('Nov 20, 2026');
    expect(history).toHaveTextContent('+150');
  });

  it('redeems a code: empty, refused, then accepted with the balance refetched', async () => {
    storeSession();
    const redeemed = servePoints();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Points: 150' }));
    const dialog = await screen.findByRole('dialog', { name: 'Points Management' });
    await user.click(within(dialog).getByRole('tab', { name: 'Redeem Code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Please enter a code')).toBeInTheDocument();

    const input = within(dialog).getByLabelText('Points code');
    await user.type(input, 'nope');
    expect(input).toHaveValue('NOPE');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'welcome100');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Successfully redeemed 100 points!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(within(dialog).getByTestId('points-balance')).toHaveTextContent('250'));
    expect(screen.getByTestId('points-button')).toHaveAttribute('aria-label', 'Points: 250');
    expect(redeemed).toEqual(['NOPE', 'WELCOME100']);
  });

  it('caps codes at 12 upper-case characters', () => {
    expect(normaliseCode('abcdefghijklmnop')).toBe('ABCDEFGHIJKL');
  });
});
