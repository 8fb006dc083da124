import type { Schema } from '@/lib/api/client';

/** Cart shapes of the API (docs/contracts.md, "Buying"). Money is in cents. */

export type CartItem = Schema<'CartItem'>;

export type SkippedItem = Schema<'SkippedItem'>;

export type Cart = Schema<'CartView'>;

export type CartResponse = Schema<'CartResponse'>;

/** What is added: POST /api/v1/cart/items, and each line of /cart/merge. */
export type AddToCartInput = Schema<'AddToCart'>;

export const EMPTY_CART: Cart = { items: [], item_count: 0, subtotal_cents: 0, currency: 'ZAR' };
