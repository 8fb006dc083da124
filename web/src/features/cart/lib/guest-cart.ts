import type { AddToCartInput, Cart, CartItem } from '@/features/cart/api/cart-types';

/**
 * The guest cart (SPEC §3–4): kept in localStorage under one key, shared by the tabs, with line
 * ids starting with `guest-`. It has the same shape as the server's cart so the pages show
 * either. At sign-in it is merged into the server cart and cleared (CartSync).
 */

export const GUEST_CART_KEY = 'bazaar.cart.guest';
export const GUEST_ID_PREFIX = 'guest-';

/** What the product page knows about the line it adds, kept with it for display. */
export type GuestLineInput = Pick<AddToCartInput, 'product_id'> & { quantity: number } &
  Pick<
    CartItem,
    | 'product_name'
    | 'slug'
    | 'product_type'
    | 'image_url'
    | 'variation_name'
    | 'product_price_cents'
    | 'regular_price_cents'
    | 'available_stock'
    | 'vendor_id'
    | 'max_owned_per_user'
  > & { variation_id: string | null; size?: string | null; color?: string | null };

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedCart: Cart = emptyCart();

function emptyCart(): Cart {
  return { items: [], item_count: 0, subtotal_cents: 0, currency: 'ZAR' };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isLine(value: unknown): value is CartItem {
  const v = value as Partial<CartItem> | null;
  return Boolean(
    v &&
      typeof v.id === 'string' &&
      v.id.startsWith(GUEST_ID_PREFIX) &&
      typeof v.product_id === 'string' &&
      typeof v.quantity === 'number' &&
      typeof v.product_price_cents === 'number',
  );
}

/** Totals computed as the server does: the count is the sum of quantities. */
export function withTotals(items: CartItem[]): Cart {
  const lines = items.map((item) => ({ ...item, line_total_cents: item.product_price_cents * item.quantity }));
  return {
    items: lines,
    item_count: lines.reduce((sum, item) => sum + item.quantity, 0),
    subtotal_cents: lines.reduce((sum, item) => sum + item.line_total_cents, 0),
    currency: 'ZAR',
  };
}

/** The guest cart as stored; the same object until the stored value changes. */
export function readGuestCart(): Cart {
  const raw = storage()?.getItem(GUEST_CART_KEY) ?? null;
  if (raw === cachedRaw) return cachedCart;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedCart = withTotals(Array.isArray(parsed) ? parsed.filter(isLine) : []);
  } catch {
    cachedCart = emptyCart();
  }
  return cachedCart;
}

function writeItems(items: CartItem[]): Cart {
  const store = storage();
  try {
    if (items.length === 0) store?.removeItem(GUEST_CART_KEY);
    else store?.setItem(GUEST_CART_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the change lives until the page closes.
  }
  for (const listener of [...listeners]) listener();
  return readGuestCart();
}

export function subscribeGuestCart(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function newId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${GUEST_ID_PREFIX}${random}`;
}

function sameLine(item: CartItem, input: { product_id: string; variation_id: string | null; size: string; color: string }) {
  return (
    item.product_id === input.product_id &&
    (item.variation_id ?? null) === input.variation_id &&
    item.size === input.size &&
    item.color === input.color
  );
}

/**
 * Adds a line, or raises the quantity of the line with the same product, variation, size and
 * colour (SPEC §4), never past the stock. Returns the cart, or null when nothing more fits.
 */
export function addGuestItem(input: GuestLineInput): Cart | null {
  const key = {
    product_id: input.product_id,
    variation_id: input.variation_id ?? null,
    size: input.size ?? '',
    color: input.color ?? '',
  };
  const items = readGuestCart().items;
  const existing = items.find((item) => sameLine(item, key));
  const current = existing?.quantity ?? 0;
  const quantity = Math.min(current + input.quantity, input.available_stock);
  if (quantity <= current) return null;
  if (existing) {
    return writeItems(items.map((item) => (item === existing ? { ...item, quantity, available_stock: input.available_stock } : item)));
  }
  const line: CartItem = {
    ...key,
    id: newId(),
    quantity,
    product_name: input.product_name,
    slug: input.slug,
    product_type: input.product_type,
    image_url: input.image_url,
    variation_name: input.variation_name,
    product_price_cents: input.product_price_cents,
    regular_price_cents: input.regular_price_cents,
    line_total_cents: input.product_price_cents * quantity,
    available_stock: input.available_stock,
    vendor_id: input.vendor_id,
    max_owned_per_user: input.max_owned_per_user,
    available: true,
  };
  return writeItems([...items, line]);
}

/** Sets a line's quantity (at most the stock); below 1 removes the line (SPEC §4). */
export function setGuestQuantity(id: string, quantity: number): Cart {
  const items = readGuestCart().items;
  if (quantity < 1) return writeItems(items.filter((item) => item.id !== id));
  return writeItems(
    items.map((item) => (item.id === id ? { ...item, quantity: Math.min(quantity, Math.max(item.available_stock, 1)) } : item)),
  );
}

export function removeGuestItem(id: string): Cart {
  return writeItems(readGuestCart().items.filter((item) => item.id !== id));
}

export function clearGuestCart(): Cart {
  return writeItems([]);
}

/** Puts back a cart taken out for a merge that failed. */
export function restoreGuestCart(cart: Cart): Cart {
  return writeItems(cart.items);
}

/** The guest lines as /cart/merge takes them. */
export function guestMergeLines(cart: Cart): AddToCartInput[] {
  return cart.items.map((item) => ({
    product_id: item.product_id,
    variation_id: item.variation_id,
    size: item.size || null,
    color: item.color || null,
    quantity: item.quantity,
  }));
}
