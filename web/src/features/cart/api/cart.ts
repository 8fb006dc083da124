import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EMPTY_CART, type AddToCartInput, type Cart, type CartResponse } from '@/features/cart/api/cart-types';
import {
  addGuestItem,
  clearGuestCart,
  readGuestCart,
  removeGuestItem,
  setGuestQuantity,
  subscribeGuestCart,
  type GuestLineInput,
} from '@/features/cart/lib/guest-cart';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import { trackConversion } from '@/lib/tracking/conversions';

/**
 * The cart (SPEC §3–4, docs/contracts.md "Buying"): the server's when signed in (cached per
 * user, every call answers the whole cart), the browser's guest cart otherwise. Actions toast
 * SPEC §8's texts.
 */

export const CART_MESSAGES = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load cart items',
  addFailed: 'Failed to add item to cart',
  removeFailed: 'Failed to remove item from cart',
  updateFailed: 'Failed to update quantity',
  clearFailed: 'Failed to clear cart',
  restoreFailed: 'Failed to restore cart items',
  added: 'Added to cart',
  removed: 'Item removed',
  cleared: 'Cart cleared',
  restored: 'Cart restored',
} as const;

export function cartKey(userId: string) {
  return ['cart', userId] as const;
}

export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return api.get('/api/v1/cart', { signal }).then((body) => body.cart);
}

const serverEmpty = () => EMPTY_CART;

export interface CartState {
  cart: Cart;
  /** The session or the server cart is still loading. */
  isPending: boolean;
  isError: boolean;
  signedIn: boolean;
  refetch: () => void;
}

/** The visitor's cart: the server's when signed in, the guest cart otherwise. */
export function useCart(): CartState {
  const { status, user } = useSession();
  const guest = useSyncExternalStore(subscribeGuestCart, readGuestCart, serverEmpty);
  const query = useQuery({
    queryKey: cartKey(user?.id ?? ''),
    queryFn: ({ signal }) => fetchCart(signal),
    enabled: user !== null,
  });
  if (status === 'signed-in') {
    return {
      cart: query.data ?? EMPTY_CART,
      isPending: query.isPending,
      isError: query.isError,
      signedIn: true,
      refetch: () => void query.refetch(),
    };
  }
  return { cart: guest, isPending: status === 'loading', isError: false, signedIn: false, refetch: () => {} };
}

/** An error toast: the server's title and message where it sent them (Purchase Limit Reached). */
export function toastCartError(error: unknown, fallback: string, { serverMessage = false } = {}) {
  if (error instanceof ApiError && error.title) {
    toast.error(error.title, { description: error.message });
    return;
  }
  const useServer = serverMessage && error instanceof ApiError && error.isClientError;
  toast.error(CART_MESSAGES.errorTitle, { description: useServer ? error.message : fallback });
}

function store(queryClient: QueryClient, userId: string, cart: Cart) {
  queryClient.setQueryData(cartKey(userId), cart);
}

/** The cart's actions, for a signed-in user on the server and for a guest in the browser. */
export function useCartActions() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;

  const keep = (response: CartResponse) => {
    if (userId) store(queryClient, userId, response.cart);
    return response.cart;
  };

  const add = useMutation({
    mutationFn: async (line: GuestLineInput): Promise<Cart> => {
      if (userId) {
        const input: AddToCartInput = {
          product_id: line.product_id,
          variation_id: line.variation_id,
          size: line.size ?? null,
          color: line.color ?? null,
          quantity: line.quantity,
        };
        return keep(await api.post('/api/v1/cart/items', { body: input }));
      }
      const cart = addGuestItem(line);
      if (!cart) {
        const message =
          line.available_stock > 0
            ? `Only ${line.available_stock} of ${line.product_name} left in stock`
            : `${line.product_name} is out of stock`;
        throw new ApiError(409, 'out_of_stock', message);
      }
      return cart;
    },
    onSuccess: (_cart, line) => {
      toast.success(CART_MESSAGES.added);
      trackConversion({
        type: 'add_to_cart',
        value_cents: line.product_price_cents * line.quantity,
        item: {
          product_id: line.product_id,
          name: line.product_name,
          quantity: line.quantity,
          price_cents: line.product_price_cents,
        },
      });
    },
    onError: (error) => toastCartError(error, CART_MESSAGES.addFailed, { serverMessage: true }),
  });

  const setQuantity = useMutation({
    mutationFn: async ({ id, quantity }: { id: string; quantity: number }): Promise<Cart> =>
      userId
        ? keep(await api.patch('/api/v1/cart/items/{id}', { path: { id }, body: { quantity } }))
        : setGuestQuantity(id, quantity),
    onError: (error) => toastCartError(error, CART_MESSAGES.updateFailed),
  });

  const remove = useMutation({
    mutationFn: async (id: string): Promise<Cart> =>
      userId ? keep(await api.delete('/api/v1/cart/items/{id}', { path: { id } })) : removeGuestItem(id),
    onSuccess: () => toast.success(CART_MESSAGES.removed),
    onError: (error) => toastCartError(error, CART_MESSAGES.removeFailed),
  });

  const clear = useMutation({
    mutationFn: async (): Promise<Cart> => (userId ? keep(await api.delete('/api/v1/cart')) : clearGuestCart()),
    onSuccess: () => toast.success(CART_MESSAGES.cleared),
    onError: (error) => toastCartError(error, CART_MESSAGES.clearFailed),
  });

  /** After a cancelled payment: the order's lines back into the cart (signed in only). */
  const restore = useMutation({
    mutationFn: async (orderId: string): Promise<Cart> =>
      keep(await api.post('/api/v1/cart/restore', { body: { order_id: orderId } })),
    onSuccess: () => toast.success(CART_MESSAGES.restored),
    onError: (error) => toastCartError(error, CART_MESSAGES.restoreFailed),
  });

  return { add, setQuantity, remove, clear, restore };
}
