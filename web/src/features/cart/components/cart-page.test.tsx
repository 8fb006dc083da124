import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { CartItem } from '@/features/cart/api/cart-types';
import { CartLink } from '@/features/cart/components/cart-link';
import { CartPage } from '@/features/cart/components/cart-page';
import { addGuestItem } from '@/features/cart/lib/guest-cart';
import { storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

const push = vi.fn();
beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
});

function renderCart() {
  return renderWithQueryClient(
    <>
      <CartLink />
      <CartPage />
      <Toaster />
    </>,
  );
}

/** The server cart, kept in memory as the API keeps it; every call answers the whole cart. */
function serveCart(initial: CartItem[], options: { failPatch?: boolean } = {}) {
  let items = [...initial];
  const calls: string[] = [];
  const answer = () => HttpResponse.json(cart(items));
  server.use(
    http.get('*/api/v1/cart', () => {
      calls.push('GET');
      return answer();
    }),
    http.patch('*/api/v1/cart/items/:id', async ({ params, request }) => {
      const { quantity } = (await request.json()) as { quantity: number };
      calls.push(`PATCH ${String(params.id)} ${quantity}`);
      if (options.failPatch) return HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 });
      items = items
        .map((item) => (item.id === params.id ? cartItem({ ...item, quantity }) : item))
        .filter((item) => item.quantity > 0);
      return answer();
    }),
    http.delete('*/api/v1/cart/items/:id', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      items = items.filter((item) => item.id !== params.id);
      return answer();
    }),
    http.delete('*/api/v1/cart', () => {
      calls.push('DELETE cart');
      items = [];
      return answer();
    }),
  );
  return calls;
}

describe('CartPage, signed in', () => {
  beforeEach(() => storeSession());

  it('lists the lines with variation, price and totals, and the header badge counts the items', async () => {
    serveCart([
      cartItem({ quantity: 2, variation_name: 'M / Black', size: 'M', color: 'Black' }),
      cartItem({ id: 'line-2', product_name: 'Trail Gloves', slug: 'trail-gloves', product_price_cents: 25000 }),
    ]);
    renderCart();
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('M / Black · Size: M · Colour: Black');
    expect(lines[0]).toHaveTextContent('R399.00 each');
    expect(within(lines[0]!).getByTestId('cart-line-total')).toHaveTextContent('R798.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('R1,048.00');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart/');
  });

  it('steps the quantity up to the stock, removes a line and clears the cart with SPEC toasts', async () => {
    const user = userEvent.setup();
    const calls = serveCart([
      cartItem({ quantity: 4, available_stock: 5 }),
      cartItem({ id: 'line-2', product_name: 'Trail Gloves' }),
    ]);
    renderCart();
    const group = await screen.findByRole('group', { name: 'Quantity of OVR Aero Running Tee' });
    await user.click(within(group).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Increase quantity' })).toBeDisabled());
    expect(calls).toContain('PATCH 0190c000-0000-7000-8000-000000000001 5');

    await user.click(screen.getByRole('button', { name: 'Remove Trail Gloves' }));
    expect(await screen.findByText('Item removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(calls).toContain('DELETE cart');
  });

  it('says "Failed to update quantity" when the server refuses', async () => {
    const user = userEvent.setup();
    serveCart([cartItem({ quantity: 1 })], { failPatch: true });
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Failed to update quantity')).toBeInTheDocument();
  });

  it('goes to checkout', async () => {
    const user = userEvent.setup();
    serveCart([cartItem()]);
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(push).toHaveBeenCalledWith('/checkout/');
  });

  it('shows "Failed to load cart items" when the cart cannot be read', async () => {
    server.use(http.get('*/api/v1/cart', () => HttpResponse.json({ error: { code: 'bad', message: 'x' } }, { status: 400 })));
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Failed to load cart items' })).toBeInTheDocument();
  });
});

describe('CartPage, guest', () => {
  it('shows the browser cart and sends the guest to sign in before checkout', async () => {
    const user = userEvent.setup();
    addGuestItem({
      product_id: 'p1',
      variation_id: null,
      quantity: 2,
      product_name: 'Trail Gloves',
      slug: 'trail-gloves',
      product_type: 'physical',
      image_url: null,
      variation_name: null,
      product_price_cents: 25000,
      regular_price_cents: 25000,
      available_stock: 3,
      vendor_id: null,
      max_owned_per_user: null,
    });
    renderCart();
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('R500.00');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(push).toHaveBeenCalledWith('/login/');
    await user.click(screen.getByRole('button', { name: 'Remove Trail Gloves' }));
    expect((await screen.findAllByText('Item removed')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});
