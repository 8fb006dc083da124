'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { cartKey } from '@/features/cart/api/cart';
import { EMPTY_CART, type CartResponse } from '@/features/cart/api/cart-types';
import {
  clearGuestCart,
  guestMergeLines,
  readGuestCart,
  restoreGuestCart,
  subscribeGuestCart,
} from '@/features/cart/lib/guest-cart';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';

/** At most this many lines per merge (docs/contracts.md). */
export const MERGE_LIMIT = 100;

let merging: Promise<void> | null = null;
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}
let failedFor: string | null = null;

/**
 * Moves the guest cart into the server cart once a user is signed in (POST /api/v1/cart/merge).
 * The guest cart is cleared before the request leaves, and the request outlives the page
 * (keepalive), so the sign-in's full reload can never merge the same lines twice; a refused
 * merge puts the lines back for the next page load rather than retrying in a loop. The server
 * trims what does not fit and reports it (`skipped`).
 */
export function mergeGuestCart(queryClient: QueryClient, userId: string): Promise<void> {
  if (merging) return merging;
  const guest = readGuestCart();
  const items = guestMergeLines(guest).slice(0, MERGE_LIMIT);
  if (items.length === 0) return Promise.resolve();
  clearGuestCart();
  merging = api
    .post('/api/v1/cart/merge', { body: { items }, keepalive: true })
    .then(({ cart }) => {
      queryClient.setQueryData(cartKey(userId), cart);
      if (cart.skipped && cart.skipped.length > 0) {
        toast.info('Some items from your guest cart could not be added', {
          description: 'They are out of stock or over a purchase limit.',
        });
      }
    })
    .catch((error: unknown) => {
      failedFor = userId;
      // A refusal merged nothing: the lines go back. A request cut off by leaving the page
      // (sign-in ends with a full load) still reaches the server (keepalive): nothing goes back,
      // or the next page would merge the same lines again.
      const refused = error instanceof ApiError && error.status > 0;
      if (refused || !leaving) restoreGuestCart(guest);
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}

/** Test hook: forget an earlier failure. */
export function resetMergeState() {
  merging = null;
  failedFor = null;
  leaving = false;
}

export function CartSync() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const guest = useSyncExternalStore(subscribeGuestCart, readGuestCart, () => EMPTY_CART);
  const userId = user?.id ?? null;
  const hasGuestItems = guest.items.length > 0;

  useEffect(() => {
    if (!userId || !hasGuestItems || failedFor === userId) return;
    void mergeGuestCart(queryClient, userId);
  }, [queryClient, userId, hasGuestItems]);

  return null;
}
