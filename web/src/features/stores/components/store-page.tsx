'use client';

import { Suspense, useEffect } from 'react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { StoreHeader, type StoreHeaderProps } from '@/components/store/store-header';
import { AskSellerButton } from '@/features/chat/components/ask-seller-button';
import { useStore } from '@/features/stores/api/store';
import type { Store } from '@/features/stores/api/store-types';
import { StorePageSkeleton } from '@/features/stores/components/store-page-skeleton';
import { StoreProducts } from '@/features/stores/components/store-products';
import { ApiError } from '@/lib/api-client';
import { pageFromParam } from '@/lib/page-param';
import { pathSegmentAfter } from '@/lib/path-segment';
import { useSiteName, useStoreCurrency } from '@/lib/public-settings';
import { useMounted } from '@/lib/use-mounted';

const STORE_PREFIX = '/store/';

/**
 * /store/{storeSlug}/?page=N: exported once as /store/_/ and served for every store, so the slug
 * (and the page) come from the location, and only after mount (the exported HTML is the same for
 * every store). The search params need a Suspense boundary in a static export.
 */
export function StorePage() {
  return (
    <Suspense fallback={<StorePageSkeleton />}>
      <StorePageFromLocation />
    </Suspense>
  );
}

function StorePageFromLocation() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const mounted = useMounted();

  if (!mounted) return <StorePageSkeleton />;
  const slug = pathSegmentAfter(pathname, STORE_PREFIX);
  if (slug === null) return <StoreNotFound />;
  return <StoreLoader key={slug} slug={slug} page={pageFromParam(searchParams?.get('page'))} />;
}

function StoreLoader({ slug, page }: { slug: string; page: number }) {
  const currency = useStoreCurrency();
  const siteName = useSiteName();
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useStore(slug, page);
  const storeName = data?.store.store_name;

  useEffect(() => {
    if (storeName) document.title = `${storeName} | ${siteName}`;
  }, [storeName, siteName]);

  if (isPending) return <StorePageSkeleton />;
  if (isError) {
    if (error instanceof ApiError && error.isNotFound) return <StoreNotFound />;
    return (
      <MessagePanel title="This store could not be loaded" headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      <StoreHeader {...storeHeaderProps(data.store)} />
      <AskSellerButton
        className="self-start"
        vendor={{ slug: data.store.store_slug, name: data.store.store_name, logo_url: data.store.store_logo_url }}
      />
      <StoreProducts data={data} page={page} currency={currency} updating={isPlaceholderData} />
      <ReturnPolicy text={data.store.return_policy} />
    </div>
  );
}

/** The header of a store as the API has it. */
export function storeHeaderProps(store: Store): StoreHeaderProps {
  return {
    name: store.store_name,
    description: store.store_description,
    logoUrl: store.store_logo_url,
    bannerUrl: store.store_banner_url,
    logoSrcSet: store.store_logo_srcset,
    bannerSrcSet: store.store_banner_srcset,
    accentColor: store.accent_color,
    delivery: store.estimated_delivery,
    socialLinks: store.social_links,
  };
}

/** The store's own return policy, when it has written one. */
function ReturnPolicy({ text }: { text: string }) {
  const policy = text.trim();
  if (!policy) return null;
  return (
    <section
      aria-labelledby="store-return-policy-heading"
      className="rounded-2xl border border-neutral-200 bg-white p-5 sm:p-8"
      data-testid="store-return-policy"
    >
      <h2 id="store-return-policy-heading" className="text-xl font-semibold text-neutral-900">
        Return policy
      </h2>
      <p className="mt-2 max-w-3xl leading-relaxed whitespace-pre-line text-neutral-700">{policy}</p>
    </section>
  );
}

function StoreNotFound() {
  return (
    <MessagePanel title="Store not found" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600">This store does not exist or is not open at the moment.</p>
      <Link href="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Back to the home page
      </Link>
    </MessagePanel>
  );
}
