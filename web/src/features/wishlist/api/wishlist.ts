import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';

/** GET|POST /api/v1/wishlist, DELETE /api/v1/wishlist/{product_id} (docs/contracts.md, "Buying"). */

export type WishlistEntry = Schema<'WishlistItem'>;

/** SPEC §6 and §8. */
export const WISHLIST_MESSAGES = {
  signInTitle: 'Sign in required',
  signIn: 'Please sign in to add items to your wishlist',
  loadFailed: 'Failed to load wishlist',
  addFailed: 'Failed to add item to wishlist',
  removeFailed: 'Failed to remove item from wishlist',
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
} as const;

export function wishlistKey(userId: string) {
  return ['wishlist', userId] as const;
}

/** The signed-in user's wishlist, newest first; idle for guests. */
export function useWishlist() {
  const { user } = useSession();
  return useQuery({
    queryKey: wishlistKey(user?.id ?? ''),
    queryFn: ({ signal }): Promise<WishlistEntry[]> => api.get('/api/v1/wishlist', { signal }).then((b) => b.wishlist),
    enabled: user !== null,
  });
}

/** Adds or removes a product (SPEC §4 "Wishlist toggle"); guests are asked to sign in. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ productId, inWishlist }: { productId: string; inWishlist: boolean }) => {
      if (!user) throw new Error(WISHLIST_MESSAGES.signIn);
      const answer = inWishlist
        ? await api.delete('/api/v1/wishlist/{product_id}', { path: { product_id: productId } })
        : await api.post('/api/v1/wishlist', { body: { product_id: productId } });
      queryClient.setQueryData(wishlistKey(user.id), answer.wishlist);
      return { removed: inWishlist };
    },
    onSuccess: ({ removed }) => toast.success(removed ? WISHLIST_MESSAGES.removed : WISHLIST_MESSAGES.added),
    onError: (error, { inWishlist }) => {
      if (!(error instanceof ApiError) && error.message === WISHLIST_MESSAGES.signIn) {
        toast.error(WISHLIST_MESSAGES.signInTitle, { description: WISHLIST_MESSAGES.signIn });
      } else if (error instanceof ApiError && error.title) {
        toast.error(error.title, { description: error.message });
      } else {
        toast.error('Error', { description: inWishlist ? WISHLIST_MESSAGES.removeFailed : WISHLIST_MESSAGES.addFailed });
      }
      if (user) void queryClient.invalidateQueries({ queryKey: wishlistKey(user.id) });
    },
  });
}
