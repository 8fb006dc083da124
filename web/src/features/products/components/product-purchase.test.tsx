import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { readGuestCart } from '@/features/cart/lib/guest-cart';
import type { ProductDetail } from '@/features/products/api/product-types';
import { ProductPurchase } from '@/features/products/components/product-purchase';
import { storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { productDetail } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const variation = {
  product_id: 'p',
  sku: '',
  attributes: [],
  sale_price_cents: null,
  weight_grams: null,
  dimensions: null,
  images: [],
  enabled: true,
  manage_stock: true,
};

function withVariations(): ProductDetail {
  return productDetail({
    has_variations: true,
    variations: [
      { ...variation, id: 'v1', name: 'L', price_cents: 50000, effective_price_cents: 50000, stock_quantity: 0 },
      { ...variation, id: 'v2', name: 'M', price_cents: 45000, effective_price_cents: 45000, stock_quantity: 2 },
    ],
  });
}

function renderPurchase(product: ProductDetail) {
  return renderWithQueryClient(
    <>
      <ProductPurchase product={product} currency={{ code: 'ZAR' }} />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  server.use(http.get('*/api/v1/wishlist', () => HttpResponse.json({ wishlist: [] })));
});

describe('ProductPurchase', () => {
  it('is disabled when the product is out of stock', () => {
    renderPurchase(productDetail({ stock_quantity: 0, in_stock: false }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('needs an option chosen; sold-out options cannot be chosen; choosing again deselects', async () => {
    const user = userEvent.setup();
    renderPurchase(withVariations());
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: /^L/ })).toBeDisabled();
    const medium = screen.getByRole('button', { name: /^M/ });
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'true');
    expect(add).toBeEnabled();
    // The quantity stops at the option's stock.
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'false');
    expect(add).toBeDisabled();
  });

  it('adds a guest’s choice to the browser cart and says "Added to cart"', async () => {
    const user = userEvent.setup();
    renderPurchase(withVariations());
    await user.click(screen.getByRole('button', { name: /^M/ }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    const [line] = readGuestCart().items;
    expect(line).toMatchObject({ variation_id: 'v2', variation_name: 'M', quantity: 2, product_price_cents: 45000 });
  });

  it('adds to the server cart when signed in', async () => {
    storeSession();
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/cart/items', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(cart([cartItem()]), { status: 201 });
      }),
    );
    const product = productDetail();
    renderPurchase(product);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ product_id: product.id, variation_id: null, size: null, color: null, quantity: 1 });
    expect(readGuestCart().items).toEqual([]);
  });

  it('shows "Purchase Limit Reached" with the server message', async () => {
    storeSession();
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/cart/items', () =>
        HttpResponse.json(
          {
            error: {
              code: 'purchase_limit_reached',
              title: 'Purchase Limit Reached',
              message: 'You can only own 1 of this digital product',
            },
          },
          { status: 409 },
        ),
      ),
    );
    renderPurchase(productDetail({ product_type: 'digital', max_owned_per_user: 1 }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Purchase Limit Reached')).toBeInTheDocument();
    expect(screen.getByText('You can only own 1 of this digital product')).toBeInTheDocument();
  });

  it('shows the server message when the stock ran out', async () => {
    storeSession();
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/cart/items', () =>
        HttpResponse.json({ error: { code: 'out_of_stock', message: 'Only 1 of Tee left in stock' } }, { status: 409 }),
      ),
    );
    renderPurchase(productDetail());
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Only 1 of Tee left in stock')).toBeInTheDocument();
  });
});
