import { describe, expect, it, vi } from 'vitest';
import {
  GUEST_CART_KEY,
  addGuestItem,
  clearGuestCart,
  guestMergeLines,
  readGuestCart,
  removeGuestItem,
  setGuestQuantity,
  subscribeGuestCart,
  type GuestLineInput,
} from '@/features/cart/lib/guest-cart';

function line(overrides: Partial<GuestLineInput> = {}): GuestLineInput {
  return {
    product_id: 'p1',
    variation_id: null,
    quantity: 1,
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
    ...overrides,
  };
}

describe('guest cart', () => {
  it('stores lines with guest- ids in localStorage and totals them', () => {
    addGuestItem(line({ quantity: 2 }));
    const cart = readGuestCart();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.id).toMatch(/^guest-/);
    expect(cart.item_count).toBe(2);
    expect(cart.subtotal_cents).toBe(50000);
    expect(JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toHaveLength(1);
  });

  it('adds to the matching line (product, variation, size, colour), never past the stock', () => {
    addGuestItem(line());
    addGuestItem(line({ quantity: 1 }));
    expect(readGuestCart().items).toHaveLength(1);
    expect(readGuestCart().item_count).toBe(2);
    expect(addGuestItem(line({ quantity: 5 }))?.item_count).toBe(3);
    expect(addGuestItem(line())).toBeNull();
    addGuestItem(line({ variation_id: 'v1', variation_name: 'M' }));
    expect(readGuestCart().items).toHaveLength(2);
  });

  it('sets quantities within the stock, removes below 1, removes and clears', () => {
    addGuestItem(line());
    addGuestItem(line({ product_id: 'p2' }));
    const [first, second] = readGuestCart().items;
    expect(setGuestQuantity(first!.id, 10).items[0]?.quantity).toBe(3);
    expect(setGuestQuantity(first!.id, 0).items.map((item) => item.id)).toEqual([second!.id]);
    expect(removeGuestItem(second!.id).items).toEqual([]);
    addGuestItem(line());
    expect(clearGuestCart().item_count).toBe(0);
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('ignores stored lines that are not guest lines', () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ id: 'x', product_id: 'p' }, 'junk']));
    expect(readGuestCart().items).toEqual([]);
    window.localStorage.setItem(GUEST_CART_KEY, '{not json');
    expect(readGuestCart().items).toEqual([]);
  });

  it('tells subscribers about changes, including from other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeGuestCart(listener);
    addGuestItem(line());
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: GUEST_CART_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    clearGuestCart();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives /cart/merge its lines', () => {
    addGuestItem(line({ quantity: 2, variation_id: 'v1' }));
    expect(guestMergeLines(readGuestCart())).toEqual([
      { product_id: 'p1', variation_id: 'v1', size: null, color: null, quantity: 2 },
    ]);
  });
});
