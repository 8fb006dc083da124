'use client';

import { useDeferredValue, useEffect } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { useProduct } from '@/features/products/api/product-detail';
import { ProductDetail } from '@/features/products/components/product-detail';
import { ProductDetailSkeleton } from '@/features/products/components/product-detail-skeleton';
import { track } from '@/lib/analytics/analytics';
import { ApiError } from '@/lib/api-client';
import { pathSegmentAfter } from '@/lib/path-segment';
import { useSiteName, useStoreCurrency } from '@/lib/public-settings';
import { recordRecentlyViewed } from '@/lib/recently-viewed';
import { useMounted } from '@/lib/use-mounted';

const PRODUCTS_PREFIX = '/products/';

/**
 * /products/{slug}/: exported once as /products/_/ and served for every slug, so the slug comes
 * from the location, and only after mount (the exported HTML is the same for every product).
 * The server writes the product's picture into the shell's skeleton and the product itself into
 * the page (lib/page-data), so a first load paints the picture at once and renders the product
 * without fetching it.
 */
export function ProductDetailPage() {
  const pathname = usePathname();
  // Right after hydration the product replaces the skeleton in a deferred render, which React
  // splits into short tasks, instead of in the one blocking render that follows hydration. On a
  // client-side navigation `mounted` is true from the start and nothing is deferred.
  const mounted = useDeferredValue(useMounted());
  const slug = mounted ? pathSegmentAfter(pathname, PRODUCTS_PREFIX) : null;

  if (!mounted) return <ProductDetailSkeleton preview />;
  if (slug === null) return <ProductNotFound />;
  return <ProductDetailLoader key={slug} slug={slug} />;
}

function ProductDetailLoader({ slug }: { slug: string }) {
  const currency = useStoreCurrency();
  const siteName = useSiteName();
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(slug);

  useEffect(() => {
    if (product) document.title = `${product.name} | ${siteName}`;
  }, [product, siteName]);

  // One view_item per product shown (SPEC §7); a refetch of the same product is not a new view.
  const viewedId = product?.id;
  useEffect(() => {
    if (!product) return;
    void track('view_item', {
      product_id: product.id,
      slug: product.slug,
      name: product.name,
      brand: product.brand,
      category: product.category,
      price_cents: product.effective_price_cents,
      currency: product.currency,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the product, not each refetch
  }, [viewedId]);

  // The home page's "Recently viewed" list (SPEC §9).
  const productId = product?.id;
  useEffect(() => {
    if (productId) recordRecentlyViewed(productId);
  }, [productId]);

  if (isPending) return <ProductDetailSkeleton />;
  if (isError) {
    if (error instanceof ApiError && error.isNotFound) return <ProductNotFound />;
    return (
      <MessagePanel title="This product could not be loaded" headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  return <ProductDetail product={product} currency={currency} siteName={siteName} />;
}

function ProductNotFound() {
  return (
    <MessagePanel title="Product not found" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600">This product does not exist or is no longer available.</p>
      <Link href="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Back to the home page
      </Link>
    </MessagePanel>
  );
}
