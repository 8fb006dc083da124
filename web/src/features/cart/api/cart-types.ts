/** Cart shapes of the API (docs/contracts.md, "Buying"). Money is in cents. */

export interface CartItem {
  id: string;
  product_id: string;
  variation_id: string | null;
  size: string;
  color: string;
  quantity: number;
  product_name: string;
  slug: string;
  product_type: string;
  image_url: string | null;
  variation_name: string | null;
  /** What one costs now (the sale price when lower). */
  product_price_cents: number;
  regular_price_cents: number;
  line_total_cents: number;
  /** The quantity selector's maximum. */
  available_stock: number;
  vendor_id: string | null;
  max_owned_per_user: number | null;
  /** False when the product is no longer sold. */
  available: boolean;
}

export interface SkippedItem {
  product_id: string;
  variation_id: string | null;
  reason: string;
}

export interface Cart {
  items: CartItem[];
  item_count: number;
  subtotal_cents: number;
  currency: string;
  skipped?: SkippedItem[];
}

export interface CartResponse {
  cart: Cart;
}

/** What is added: POST /api/v1/cart/items, and each line of /cart/merge. */
export interface AddToCartInput {
  product_id: string;
  variation_id?: string | null;
  size?: string | null;
  color?: string | null;
  quantity?: number;
}

export const EMPTY_CART: Cart = { items: [], item_count: 0, subtotal_cents: 0, currency: 'ZAR' };
