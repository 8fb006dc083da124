import { http, HttpResponse } from 'msw';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/components/product/product-card';
import { CARD_VIDEO_HOVER_MS } from '@/components/product/product-card-video';
import { Toaster } from '@/components/ui/toaster';
import type { ProductSummary } from '@/lib/catalogue-types';
import { DEFAULT_CURRENCY } from '@/lib/money';
import { storeSession } from '@/test/auth';
import { productSummary } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { mockReducedMotion } from '@/test/media';

const VIDEO = '/media/seed/products/pwr-training.mp4';

function renderCard(product: ProductSummary) {
  return renderWithQueryClient(
    <>
      <ProductCard product={product} currency={DEFAULT_CURRENCY} />
      <Toaster />
    </>,
  );
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

describe('ProductCard', () => {
  it('is an article whose name links to the product, with no control inside the link', () => {
    renderCard(productSummary());
    const card = screen.getByTestId('product-card');
    expect(card.tagName).toBe('ARTICLE');
    expect(card).not.toHaveAttribute('href');
    const link = within(card).getByRole('link', { name: 'OVR Aero Running Tee' });
    expect(link).toHaveAttribute('href', '/products/ovr-aero-running-tee/');
    expect(within(card).getByRole('heading', { name: 'OVR Aero Running Tee' })).toContainElement(link);
    // axe's nested-interactive: nothing focusable inside the link.
    expect(link.querySelector('a, button, input, select, textarea, [tabindex]')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Add OVR Aero Running Tee to wishlist' })).not.toBeNull();
    expect(within(card).getByRole('button', { name: 'Quick view OVR Aero Running Tee' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('shows the sale price, the regular price struck through and the discount', () => {
    renderCard(productSummary());
    const card = screen.getByTestId('product-card');
    expect(within(card).getByText('R399.00')).toBeInTheDocument();
    expect(within(card).getByText('R499.00').tagName).toBe('S');
    expect(card).toHaveTextContent('Save -20%');
  });

  it('rounds the discount itself when the summary has none', () => {
    renderCard(productSummary({ price_cents: 29900, sale_price_cents: 19900, effective_price_cents: 19900, discount_percent: null }));
    // 100 × 100 / 299 = 33.4…
    expect(screen.getByTestId('product-card')).toHaveTextContent('Save -33%');
  });

  it('shows the price range of a product with variations, without a product-level sale', () => {
    renderCard(
      productSummary({
        has_variations: true,
        sale_price_cents: null,
        discount_percent: null,
        on_sale: false,
        effective_price_cents: 39900,
        price_range: { min_cents: 39900, max_cents: 54900 },
      }),
    );
    const card = screen.getByTestId('product-card');
    expect(card).toHaveTextContent('R399.00 – R549.00');
    expect(card).not.toHaveTextContent('%');
  });

  it('shows one price when every variation costs the same', () => {
    renderCard(
      productSummary({
        has_variations: true,
        sale_price_cents: null,
        discount_percent: null,
        on_sale: false,
        price_range: { min_cents: 84900, max_cents: 84900 },
      }),
    );
    const card = screen.getByTestId('product-card');
    expect(within(card).getByText('R849.00')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('–');
  });
});

describe('ProductCard video', () => {
  let play: ReturnType<typeof vi.spyOn>;
  let pause: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function advance(ms: number) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }

  it('plays the video after 500 ms of hover and goes back to the picture on leaving', () => {
    expect(CARD_VIDEO_HOVER_MS).toBe(500);
    renderCard(productSummary({ videos: [VIDEO] }));
    const card = screen.getByTestId('product-card');
    expect(card.querySelector('video')).toBeNull();

    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    advance(499);
    expect(card.querySelector('video')).toBeNull();
    advance(1);
    const video = within(card).getByTestId('product-card-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', VIDEO);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(play).toHaveBeenCalledTimes(1);
    // The picture stays beneath, so it shows again as soon as the video goes.
    expect(within(card).getByRole('img', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();

    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    expect(card.querySelector('video')).toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(within(card).getByRole('img', { name: 'OVR Aero Running Tee' })).toBeInTheDocument();
  });

  it('does not play when the pointer leaves before 500 ms', () => {
    renderCard(productSummary({ videos: [VIDEO] }));
    const card = screen.getByTestId('product-card');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    advance(400);
    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    advance(1000);
    expect(card.querySelector('video')).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('ignores touch, which opens the product instead', () => {
    renderCard(productSummary({ videos: [VIDEO] }));
    const card = screen.getByTestId('product-card');
    fireEvent.pointerEnter(card, { pointerType: 'touch' });
    advance(1000);
    expect(card.querySelector('video')).toBeNull();
  });

  it('has no video element for a product without videos', () => {
    renderCard(productSummary({ videos: [] }));
    const card = screen.getByTestId('product-card');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    advance(2000);
    expect(document.querySelector('video')).toBeNull();
  });

  it('does not play for visitors who asked for less motion', () => {
    mockReducedMotion(true);
    renderCard(productSummary({ videos: [VIDEO] }));
    const card = screen.getByTestId('product-card');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    advance(2000);
    expect(card.querySelector('video')).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });
});

describe('ProductCard wishlist', () => {
  it('asks a guest to sign in', async () => {
    const user = userEvent.setup();
    renderCard(productSummary());
    await user.click(screen.getByRole('button', { name: 'Add OVR Aero Running Tee to wishlist' }));
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to add items to your wishlist')).toBeInTheDocument();
  });

  it('adds the product for a signed-in customer', async () => {
    storeSession();
    const product = productSummary();
    let saved: string[] = [];
    const entry = (productId: string) => ({
      id: `w-${productId}`,
      product_id: productId,
      created_at: '2026-11-21T10:00:00Z',
      name: product.name,
      slug: product.slug,
      brand: product.brand,
      category: product.category,
      image_url: null,
      price_cents: product.price_cents,
      sale_price_cents: product.sale_price_cents,
      effective_price_cents: product.effective_price_cents,
      has_variations: false,
      in_stock: true,
      available: true,
    });
    server.use(
      http.get('*/api/v1/wishlist', () => HttpResponse.json({ wishlist: saved.map(entry) })),
      http.post('*/api/v1/wishlist', async ({ request }) => {
        const { product_id } = (await request.json()) as { product_id: string };
        saved = [product_id, ...saved];
        return HttpResponse.json({ wishlist: saved.map(entry) }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderCard(product);
    const heart = await screen.findByRole('button', { name: 'Add OVR Aero Running Tee to wishlist' });
    await user.click(heart);
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove OVR Aero Running Tee from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(saved).toEqual([product.id]);
  });
});
