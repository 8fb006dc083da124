'use client';

import Link from 'next/link';
import { Heart, Trash2 } from 'lucide-react';
import { RoleGuard } from '@/components/auth/role-guard';
import { ProductImage } from '@/components/product/product-image';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { WISHLIST_MESSAGES, useToggleWishlist, useWishlist } from '@/features/wishlist/api/wishlist';
import { formatMoney } from '@/lib/money';
import { productPath } from '@/lib/paths';

function WishlistSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-72 w-full rounded-lg" />
      ))}
    </div>
  );
}

/** /wishlist/: signed in only (guests go to /login/). */
export function WishlistPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Wishlist</h1>
      <RoleGuard fallback={<WishlistSkeleton />}>
        <WishlistItems />
      </RoleGuard>
    </div>
  );
}

function WishlistItems() {
  const { data, isPending, isError, refetch, isFetching } = useWishlist();
  const toggle = useToggleWishlist();
  if (isPending) return <WishlistSkeleton />;
  if (isError) {
    return (
      <MessagePanel title={WISHLIST_MESSAGES.loadFailed}>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  if (data.length === 0) {
    return (
      <MessagePanel title="Your wishlist is empty">
        <Heart aria-hidden="true" className="size-10 text-neutral-400" />
        <Link href="/products/" className="font-medium text-brand-700 underline underline-offset-4">
          Browse products
        </Link>
      </MessagePanel>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Wishlist items">
      {data.map((entry) => (
        <li key={entry.id} className="flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white" data-testid="wishlist-item">
          <Link href={productPath(entry.slug)} tabIndex={-1} aria-hidden="true">
            <ProductImage src={entry.image_url} alt="" />
          </Link>
          <div className="flex flex-1 flex-col gap-2 p-4">
            {entry.brand ? <p className="text-xs font-medium uppercase tracking-wide text-neutral-600">{entry.brand}</p> : null}
            <Link href={productPath(entry.slug)} className="font-medium text-neutral-900 hover:text-brand-700">
              {entry.name}
            </Link>
            <p className="font-semibold tabular-nums">
              {entry.has_variations ? 'From ' : ''}
              {formatMoney(entry.effective_price_cents)}
            </p>
            {!entry.available || !entry.in_stock ? (
              <p className="text-sm font-medium text-sale">{entry.available ? 'Out of stock' : 'No longer available'}</p>
            ) : null}
            <Button
              variant="secondary"
              className="mt-auto"
              aria-label={`Remove ${entry.name} from wishlist`}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ productId: entry.product_id, inWishlist: true })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
