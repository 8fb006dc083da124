import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { readGuestCart } from '@/features/cart/lib/guest-cart';
import type { ProductDetail } from '@/features/products/api/product-types';
import { ProductPurchase } from '@/features/products/components/product-purchase';
import { setConversionSink } from '@/lib/tracking/conversions';
import { storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { productDetail } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const variation = {
  product_id: 'p',
  sku: '',
  sale_price_cents: null,
  weight_grams: null,
  dimensions: null,
  images: [],
  enabled: true,
  manage_stock: true,
};

function attributes(size: string, colour: string) {
  return [
    { name: 'Size', value: size },
    { name: 'Colour', value: colour },
  ];
}

/**
 * Sizes S and M in Black and White: S / White is sold out, M / White does not manage stock, and
 * L / Black is disabled (so L is never offered).
 */
function tee(): ProductDetail {
  const prices = { price_cents: 34900, effective_price_cents: 34900 };
  return productDetail({
    has_variations: true,
    variations: [
      { ...variation, ...prices, id: 'v-l-black', name: 'L / Black', attributes: attributes('L', 'Black'), stock_quantity: 9, enabled: false },
      { ...variation, ...prices, id: 'v-m-black', name: 'M / Black', attributes: attributes('M', 'Black'), stock_quantity: 2 },
      { ...variation, ...prices, id: 'v-m-white', name: 'M / White', attributes: attributes('M', 'White'), stock_quantity: 0, manage_stock: false },
      { ...variation, id: 'v-s-black', name: 'S / Black', attributes: attributes('S', 'Black'), price_cents: 34900, sale_price_cents: 27900, effective_price_cents: 27900, stock_quantity: 3 },
      { ...variation, ...prices, id: 'v-s-white', name: 'S / White', attributes: attributes('S', 'White'), stock_quantity: 0 },
    ],
  });
}

/** Variations without attributes are chosen by name. */
function withVariations(): ProductDetail {
  return productDetail({
    has_variations: true,
    variations: [
      { ...variation, attributes: [], id: 'v1', name: 'L', price_cents: 50000, effective_price_cents: 50000, stock_quantity: 0 },
      { ...variation, attributes: [], id: 'v2', name: 'M', price_cents: 45000, effective_price_cents: 45000, stock_quantity: 2 },
    ],
  });
}

function group(name: string) {
  return screen.getByRole('group', { name });
}

function option(groupName: string, name: string) {
  return within(group(groupName)).getByRole('button', { name });
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


/** The bodies POSTed to the server cart, answered with a one-line cart. */
function captureServerCartAdds(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/cart/items', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(cart([cartItem()]), { status: 201 });
    }),
  );
  return bodies;
}
describe('ProductPurchase', () => {
  it('is disabled when the product is out of stock', () => {
    renderPurchase(productDetail({ stock_quantity: 0, in_stock: false }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('asks for each attribute, in size order, and leaves out values only disabled variations have', () => {
    renderPurchase(tee());
    const size = within(group('Size')).getAllByRole('button');
    expect(size.map((button) => button.textContent)).toEqual(['S', 'M']);
    const colour = within(group('Colour')).getAllByRole('button');
    expect(colour.map((button) => button.textContent)).toEqual(['Black', 'White']);
    for (const button of [...size, ...colour]) expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('resolves only when every attribute has a choice; choosing a value again deselects it', async () => {
    const user = userEvent.setup();
    renderPurchase(tee());
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(screen.getByText('Choose an option to add it to your cart.')).toBeInTheDocument();

    await user.click(option('Size', 'S'));
    expect(option('Size', 'S')).toHaveAttribute('aria-pressed', 'true');
    expect(add).toBeDisabled();
    expect(screen.getByText('Choose an option to add it to your cart.')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-variation')).toBeEmptyDOMElement();

    await user.click(option('Colour', 'Black'));
    expect(add).toBeEnabled();
    expect(screen.queryByText('Choose an option to add it to your cart.')).not.toBeInTheDocument();
    const chosen = screen.getByTestId('chosen-variation');
    expect(chosen).toHaveTextContent('S / Black');
    expect(screen.getByTestId('chosen-variation-price')).toHaveTextContent('R279.00');
    expect(within(chosen).getByText('R349.00').tagName).toBe('S');
    expect(screen.getByTestId('chosen-variation-stock')).toHaveTextContent('Only 3 left');
    // The quantity stops at the variation's stock.
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    await user.click(increase);
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('3');
    expect(increase).toBeDisabled();

    // Choosing S again deselects it: nothing resolves and the quantity starts again at 1.
    await user.click(option('Size', 'S'));
    expect(option('Size', 'S')).toHaveAttribute('aria-pressed', 'false');
    expect(option('Colour', 'Black')).toHaveAttribute('aria-pressed', 'true');
    expect(add).toBeDisabled();
    expect(screen.getByText('Choose an option to add it to your cart.')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-variation')).toBeEmptyDOMElement();

    // Another size with the same colour resolves that variation.
    await user.click(option('Size', 'M'));
    expect(add).toBeEnabled();
    expect(screen.getByTestId('chosen-variation')).toHaveTextContent('M / Black');
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('1');
  });

  it('disables a sold-out combination, and counts a variation without stock tracking as available', async () => {
    const user = userEvent.setup();
    renderPurchase(tee());
    await user.click(option('Size', 'S'));
    // S / White has no stock.
    expect(option('Colour', 'White (sold out)')).toBeDisabled();
    expect(option('Colour', 'Black')).toBeEnabled();
    await user.click(option('Size', 'S'));
    expect(option('Colour', 'White')).toBeEnabled();

    await user.click(option('Colour', 'White'));
    expect(option('Size', 'S (sold out)')).toBeDisabled();
    // M / White does not manage stock, so it can be bought though its stock is 0.
    await user.click(option('Size', 'M'));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByTestId('chosen-variation-stock')).toHaveTextContent('In stock');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
  });

  it('variations without attributes are chosen by name; sold-out ones cannot be chosen; choosing again deselects', async () => {
    const user = userEvent.setup();
    renderPurchase(withVariations());
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(option('Option', 'L (sold out)')).toBeDisabled();
    const medium = option('Option', 'M');
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

  it('adds a guest’s choice to the browser cart with its variation, size and colour, and says "Added to cart"', async () => {
    const user = userEvent.setup();
    renderPurchase(tee());
    await user.click(option('Size', 'S'));
    await user.click(option('Colour', 'Black'));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    const [line] = readGuestCart().items;
    expect(line).toMatchObject({
      variation_id: 'v-s-black',
      variation_name: 'S / Black',
      size: 'S',
      color: 'Black',
      quantity: 2,
      product_price_cents: 27900,
      regular_price_cents: 34900,
      available_stock: 3,
    });
  });

  it('tells the tracking tools what was added, at the price paid', async () => {
    setConversionSink(() => {});
    const sink = vi.fn();
    setConversionSink(sink);
    try {
      const user = userEvent.setup();
      const product = tee();
      renderPurchase(product);
      await user.click(option('Size', 'S'));
      await user.click(option('Colour', 'Black'));
      await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await waitFor(() => expect(sink).toHaveBeenCalled());
      expect(sink.mock.calls).toEqual([
        [
          {
            type: 'add_to_cart',
            value_cents: 55800,
            item: { product_id: product.id, name: product.name, quantity: 2, price_cents: 27900 },
          },
        ],
      ]);
    } finally {
      setConversionSink(null);
    }
  });

  it('sends the chosen variation, size and colour to the server cart when signed in', async () => {
    storeSession();
    const user = userEvent.setup();
    const bodies = captureServerCartAdds();
    const product = tee();
    renderPurchase(product);
    await user.click(option('Size', 'M'));
    await user.click(option('Colour', 'Black'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ product_id: product.id, variation_id: 'v-m-black', size: 'M', color: 'Black', quantity: 1 });
  });

  it('a product whose variations are all disabled cannot be added and asks for nothing', () => {
    const product = tee();
    renderPurchase({ ...product, variations: product.variations.map((v) => ({ ...v, enabled: false })) });
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.queryByText('Choose an option to add it to your cart.')).not.toBeInTheDocument();
  });

  it('adds to the server cart when signed in', async () => {
    storeSession();
    const user = userEvent.setup();
    const bodies = captureServerCartAdds();
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
