'use client';

import { Heart } from 'lucide-react';
import { useToggleWishlist, useWishlist } from '@/features/wishlist/api/wishlist';
import { cn } from '@/lib/cn';

const LOOKS = {
  /** Beside "Add to Cart" on the product page. */
  default: 'size-11 rounded-md border border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-100',
  /** Over a product card's picture. */
  overlay: 'size-9 rounded-full border border-neutral-200 bg-white/90 text-neutral-700 shadow-sm hover:bg-white hover:text-sale',
} as const;

/**
 * The heart toggle: adds the product to the wishlist, or takes it out. Where several are on one
 * page (product cards), `productName` makes each button's name its own.
 */
export function WishlistButton({
  productId,
  productName,
  look = 'default',
  className,
}: {
  productId: string;
  productName?: string;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  const { data } = useWishlist();
  const toggle = useToggleWishlist();
  const inWishlist = data?.some((entry) => entry.product_id === productId) ?? false;
  const label = productName
    ? inWishlist
      ? `Remove ${productName} from wishlist`
      : `Add ${productName} to wishlist`
    : inWishlist
      ? 'Remove from wishlist'
      : 'Add to wishlist';
  return (
    <button
      type="button"
      aria-pressed={inWishlist}
      aria-label={label}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ productId, inWishlist })}
      data-testid="wishlist-button"
      className={cn('inline-flex items-center justify-center disabled:opacity-60', LOOKS[look], className)}
    >
      <Heart aria-hidden="true" className={cn('size-5', inWishlist && 'fill-sale text-sale')} />
    </button>
  );
}
