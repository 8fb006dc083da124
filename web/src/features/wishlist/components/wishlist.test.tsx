import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { WishlistEntry } from '@/features/wishlist/api/wishlist';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { WishlistPage } from '@/features/wishlist/components/wishlist-page';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

const replace = vi.fn();
beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

function entry(overrides: Partial<WishlistEntry> = {}): WishlistEntry {
  return {
    id: 'w1',
    product_id: 'p1',
    created_at: '2026-11-21T10:00:00Z',
    name: 'Trail Gloves',
    slug: 'trail-gloves',
    brand: 'PWR',
    category: 'accessories',
    image_url: null,
    price_cents: 27900,
    sale_price_cents: null,
    effective_price_cents: 27900,
    has_variations: false,
    in_stock: true,
    available: true,
    ...overrides,
  };
}

/** The server's wishlist, in memory. */
function serveWishlist(initial: WishlistEntry[], options: { duplicate?: boolean } = {}) {
  let list = [...initial];
  server.use(
    http.get('*/api/v1/wishlist', () => HttpResponse.json({ wishlist: list })),
    http.post('*/api/v1/wishlist', async ({ request }) => {
      const { product_id } = (await request.json()) as { product_id: string };
      if (options.duplicate) {
        return HttpResponse.json(
          { error: { code: 'already_in_wishlist', title: 'Already in wishlist', message: 'This item is already in your wishlist' } },
          { status: 409 },
        );
      }
      list = [entry({ id: `w-${product_id}`, product_id }), ...list];
      return HttpResponse.json({ wishlist: list }, { status: 201 });
    }),
    http.delete('*/api/v1/wishlist/:productId', ({ params }) => {
      list = list.filter((e) => e.product_id !== params.productId);
      return HttpResponse.json({ wishlist: list });
    }),
  );
}

function render(ui: React.ReactElement) {
  return renderWithQueryClient(
    <>
      {ui}
      <Toaster />
    </>,
  );
}

describe('WishlistButton', () => {
  it('asks a guest to sign in', async () => {
    const user = userEvent.setup();
    render(<WishlistButton productId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to add items to your wishlist')).toBeInTheDocument();
  });

  it('adds and removes the product', async () => {
    storeSession();
    serveWishlist([]);
    const user = userEvent.setup();
    render(<WishlistButton productId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    const remove = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await user.click(remove);
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows "Already in wishlist" for a duplicate', async () => {
    storeSession();
    serveWishlist([], { duplicate: true });
    const user = userEvent.setup();
    render(<WishlistButton productId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Already in wishlist')).toBeInTheDocument();
    expect(screen.getByText('This item is already in your wishlist')).toBeInTheDocument();
  });
});

describe('WishlistPage', () => {
  it('sends a guest to /login/', async () => {
    render(<WishlistPage />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login/'));
  });

  it('lists the saved products and removes one', async () => {
    storeSession();
    serveWishlist([entry()]);
    const user = userEvent.setup();
    render(<WishlistPage />);
    const item = await screen.findByTestId('wishlist-item');
    expect(item).toHaveTextContent('Trail Gloves');
    expect(item).toHaveTextContent('R279.00');
    await user.click(screen.getByRole('button', { name: 'Remove Trail Gloves from wishlist' }));
    expect((await screen.findAllByText('Removed from wishlist')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
  });
});
