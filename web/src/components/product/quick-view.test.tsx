import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductCard } from '@/components/product/product-card';
import { Toaster } from '@/components/ui/toaster';
import { GUEST_CART_KEY } from '@/features/cart/lib/guest-cart';
import type { ProductDetail } from '@/features/products/api/product-types';
import type { ProductSummary } from '@/lib/catalogue-types';
import { DEFAULT_CURRENCY } from '@/lib/money';
import { storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { productDetail, productSummary, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function renderCard(product: ProductSummary) {
  return renderWithQueryClient(
    <>
      <ProductCard product={product} currency={DEFAULT_CURRENCY} />
      <Toaster />
    </>,
  );
}

/** Answers the product's detail and records which products were asked for. */
function serveProduct(product: ProductDetail | null) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/products/:slug', ({ params }) => {
      asked.push(String(params.slug));
      if (!product) {
        return HttpResponse.json({ error: { code: 'not_found', message: 'Product not found' } }, { status: 404 });
      }
      return HttpResponse.json({ product });
    }),
  );
  return asked;
}

async function openQuickView(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Quick view ${name}` }));
  const dialog = await screen.findByRole('dialog', { name });
  return { user, dialog };
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

describe('Quick view', () => {
  beforeEach(() => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  });

  it('loads nothing until it is opened', () => {
    const asked = serveProduct(productDetail());
    renderCard(productSummary());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("shows the product's picture, brand, price, stock, vendor and description", async () => {
    const asked = serveProduct(productDetail());
    renderCard(productSummary());
    const { dialog } = await openQuickView('OVR Aero Running Tee');

    expect(within(dialog).getByRole('heading', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'OVR Aero Running Tee' })).toHaveAttribute(
      'src',
      '/media/seed/ovr-aero-running-tee.svg',
    );
    expect(within(dialog).getByText('OVR')).toBeInTheDocument();
    expect(within(dialog).getByTestId('quick-view-price')).toHaveTextContent('R399.00');
    expect(within(dialog).getByText('R499.00').tagName).toBe('S');
    expect(dialog).toHaveTextContent('Save -20%');
    expect(within(dialog).getByTestId('quick-view-stock')).toHaveTextContent('In stock');
    expect(await within(dialog).findByTestId('quick-view-vendor')).toHaveTextContent('Sold by OVR Official');
    expect(within(dialog).getByRole('link', { name: 'OVR Official' })).toHaveAttribute('href', '/store/ovr-official/');
    expect(within(dialog).getByTestId('quick-view-description')).toHaveTextContent('A light, breathable running tee.');
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute(
      'href',
      '/products/ovr-aero-running-tee/',
    );
    expect(asked).toEqual(['ovr-aero-running-tee']);
  });

  it("says a house product is sold by the shop", async () => {
    serveProduct(productDetail({ vendor: null, vendor_id: null }));
    renderCard(productSummary({ vendor_id: null }));
    const { dialog } = await openQuickView('OVR Aero Running Tee');
    expect(await within(dialog).findByTestId('quick-view-vendor')).toHaveTextContent('Sold by bazaar');
  });

  it("adds a guest's simple product to the browser cart, says so and closes", async () => {
    serveProduct(productDetail());
    renderCard(productSummary());
    const { user, dialog } = await openQuickView('OVR Aero Running Tee');
    await within(dialog).findByTestId('quick-view-vendor');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const stored = JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '[]') as unknown;
    const lines = Array.isArray(stored) ? stored : (stored as { items: unknown[] }).items;
    expect(lines).toEqual([
      expect.objectContaining({
        product_id: '0190a000-0000-7000-8000-000000000001',
        quantity: 1,
        product_name: 'OVR Aero Running Tee',
        product_price_cents: 39900,
        regular_price_cents: 49900,
        available_stock: 25,
      }),
    ]);
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Quick view OVR Aero Running Tee' })).toHaveFocus();
  });

  it('adds to the server cart when signed in', async () => {
    storeSession();
    serveProduct(productDetail());
    const added: unknown[] = [];
    server.use(
      http.get('*/api/v1/wishlist', () => HttpResponse.json({ wishlist: [] })),
      http.post('*/api/v1/cart/items', async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(cart([cartItem()]));
      }),
    );
    renderCard(productSummary());
    const { user, dialog } = await openQuickView('OVR Aero Running Tee');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(added).toEqual([
      { product_id: '0190a000-0000-7000-8000-000000000001', variation_id: null, size: null, color: null, quantity: 1 },
    ]);
  });

  it('cannot add a product that is out of stock', async () => {
    serveProduct(productDetail({ in_stock: false, stock_quantity: 0 }));
    renderCard(productSummary({ in_stock: false, stock_quantity: 0 }));
    const { dialog } = await openQuickView('OVR Aero Running Tee');
    expect(within(dialog).getByTestId('quick-view-stock')).toHaveTextContent('Out of stock');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('sends a product with options to its page to choose them', async () => {
    const withOptions = {
      has_variations: true,
      sale_price_cents: null,
      discount_percent: null,
      on_sale: false,
      price_range: { min_cents: 39900, max_cents: 54900 },
    };
    serveProduct(productDetail(withOptions));
    renderCard(productSummary(withOptions));
    const { dialog } = await openQuickView('OVR Aero Running Tee');
    expect(within(dialog).getByTestId('quick-view-price')).toHaveTextContent('R399.00 – R549.00');
    expect(within(dialog).getByRole('link', { name: 'Choose options' })).toHaveAttribute(
      'href',
      '/products/ovr-aero-running-tee/',
    );
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('says when the product is no longer available', async () => {
    serveProduct(null);
    renderCard(productSummary());
    const { dialog } = await openQuickView('OVR Aero Running Tee');
    expect(await within(dialog).findByTestId('quick-view-gone')).toHaveTextContent(
      'This product is no longer available.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    serveProduct(productDetail());
    renderCard(productSummary());
    const { user, dialog } = await openQuickView('OVR Aero Running Tee');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
