import type { Cart, CartItem } from '@/features/cart/api/cart-types';

/** Cart payloads shaped as docs/contracts.md ("Buying"). */

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  const item: CartItem = {
    id: '0190c000-0000-7000-8000-000000000001',
    product_id: '0190a000-0000-7000-8000-000000000001',
    variation_id: null,
    size: '',
    color: '',
    quantity: 1,
    product_name: 'OVR Aero Running Tee',
    slug: 'ovr-aero-running-tee',
    product_type: 'physical',
    image_url: null,
    variation_name: null,
    product_price_cents: 39900,
    regular_price_cents: 49900,
    line_total_cents: 39900,
    available_stock: 5,
    vendor_id: null,
    max_owned_per_user: null,
    available: true,
    ...overrides,
  };
  return { ...item, line_total_cents: item.product_price_cents * item.quantity };
}

export function cart(items: CartItem[]): { cart: Cart } {
  return {
    cart: {
      items,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      subtotal_cents: items.reduce((sum, item) => sum + item.line_total_cents, 0),
      currency: 'ZAR',
    },
  };
}
