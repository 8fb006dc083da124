import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartKey } from '@/features/cart/api/cart';
import { CartSync, resetMergeState } from '@/features/cart/components/cart-sync';
import { addGuestItem, readGuestCart } from '@/features/cart/lib/guest-cart';
import { USER_ID, storeSession } from '@/test/auth';
import { cart, cartItem } from '@/test/cart';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function guestLine() {
  addGuestItem({
    product_id: 'p1',
    variation_id: 'v1',
    quantity: 2,
    product_name: 'Trail Gloves',
    slug: 'trail-gloves',
    product_type: 'physical',
    image_url: null,
    variation_name: 'M',
    product_price_cents: 25000,
    regular_price_cents: 25000,
    available_stock: 3,
    vendor_id: null,
    max_owned_per_user: null,
  });
}

beforeEach(() => resetMergeState());

describe('CartSync', () => {
  it('merges the guest cart into the server cart at sign-in, then clears it', async () => {
    guestLine();
    storeSession();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/cart/merge', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(cart([cartItem({ quantity: 2 })]));
      }),
    );
    const { queryClient } = renderWithQueryClient(<CartSync />);
    await waitFor(() => expect(readGuestCart().items).toEqual([]));
    expect(bodies).toEqual([{ items: [{ product_id: 'p1', variation_id: 'v1', size: null, color: null, quantity: 2 }] }]);
    expect(queryClient.getQueryData(cartKey(USER_ID))).toMatchObject({ item_count: 2 });
  });

  it('keeps the guest cart when the merge fails, without retrying in a loop', async () => {
    guestLine();
    storeSession();
    let calls = 0;
    server.use(
      http.post('*/api/v1/cart/merge', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 });
      }),
    );
    renderWithQueryClient(<CartSync />);
    await waitFor(() => expect(calls).toBe(1));
    expect(readGuestCart().item_count).toBe(2);
  });

  it('does nothing for a guest', () => {
    guestLine();
    renderWithQueryClient(<CartSync />);
    expect(readGuestCart().item_count).toBe(2);
  });
});

describe('CartSync when the page is left mid-merge', () => {
  it('does not put the lines back (the request still reaches the server), so they are never merged twice', async () => {
    guestLine();
    storeSession();
    let calls = 0;
    server.use(
      http.post('*/api/v1/cart/merge', () => {
        calls += 1;
        window.dispatchEvent(new Event('beforeunload'));
        return HttpResponse.error();
      }),
    );
    renderWithQueryClient(<CartSync />);
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(readGuestCart().items).toEqual([]));
  });
});
