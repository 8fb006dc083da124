'use client';

import { Heart } from 'lucide-react';
import { useToggleWishlist, useWishlist } from '@/features/wishlist/api/wishlist';
import { cn } from '@/lib/cn';

/** The heart toggle: adds the product to the wishlist, or takes it out. */
export function WishlistButton({ productId, className }: { productId: string; className?: string }) {
  const { data } = useWishlist();
  const toggle = useToggleWishlist();
  const inWishlist = data?.some((entry) => entry.product_id === productId) ?? false;
  return (
    <button
      type="button"
      aria-pressed={inWishlist}
      aria-label={inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ productId, inWishlist })}
      data-testid="wishlist-button"
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-md border border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-100 disabled:opacity-60',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', inWishlist && 'fill-sale text-sale')} />
    </button>
  );
}
