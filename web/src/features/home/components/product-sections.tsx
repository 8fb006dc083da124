'use client';

import { HomeSection, ProductList } from '@/features/home/components/home-section';
import {
  HOME_LIST_SIZES,
  RECOMMENDATIONS_LIMIT,
  useHomeProductList,
  useRecommendations,
  type HomeProductList,
} from '@/features/home/api/home-products';
import {
  DAILY_DEALS_PATH,
  FEATURED_PATH,
  NEWEST_PATH,
  SPECIAL_OFFERS_PATH,
} from '@/features/home/lib/home-links';
import { useNearViewport } from '@/features/home/lib/use-near-viewport';
import { useStoreCurrency } from '@/lib/public-settings';
import { useRecentlyViewedIds } from '@/lib/recently-viewed';

/**
 * The home page's product lists. Each waits until it nears the viewport, shows skeletons while
 * it loads, and hides when it has nothing to show or could not be loaded: the page carries on
 * without it.
 */

const LISTS: Record<
  HomeProductList,
  { title: string; description: string; viewAll: { href: string; label: string } }
> = {
  featured: {
    title: 'Featured products',
    description: 'Hand-picked favourites from our stores.',
    viewAll: { href: FEATURED_PATH, label: 'featured products' },
  },
  'daily-deals': {
    title: 'Daily deals',
    description: 'Fresh discounts, every day.',
    viewAll: { href: DAILY_DEALS_PATH, label: 'daily deals' },
  },
  'special-offers': {
    title: 'Special offers',
    description: 'Our premium picks, from the top of the range.',
    viewAll: { href: SPECIAL_OFFERS_PATH, label: 'special offers' },
  },
};

export function HomeProductSection({ list }: { list: HomeProductList }) {
  const currency = useStoreCurrency();
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data: products, isPending, isError } = useHomeProductList(list, near);
  if (isError || products?.length === 0) return null;
  const { title, description, viewAll } = LISTS[list];
  return (
    <HomeSection
      ref={ref}
      id={`home-${list}`}
      testId={`home-${list}`}
      title={title}
      description={description}
      viewAll={viewAll}
      busy={isPending}
      waiting={!near}
    >
      <ProductList
        products={products}
        currency={currency}
        loading={isPending}
        skeletons={HOME_LIST_SIZES[list]}
        label={title.toLowerCase()}
      />
    </HomeSection>
  );
}

/**
 * Recommendations from the categories of the recently viewed products (SPEC §7); with no
 * history, the newest products.
 */
export function RecommendationsSection() {
  const currency = useStoreCurrency();
  const viewed = useRecentlyViewedIds();
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data: products, isPending, isError } = useRecommendations(viewed, near);
  if (isError || products?.length === 0) return null;
  const personal = viewed !== null && viewed.length > 0;
  return (
    <HomeSection
      ref={ref}
      id="home-recommendations"
      testId="home-recommendations"
      title={personal ? 'Recommended for you' : 'New arrivals'}
      description={personal ? 'Picked from the categories you have been browsing.' : 'The latest additions to the shop.'}
      viewAll={personal ? undefined : { href: NEWEST_PATH, label: 'new arrivals' }}
      busy={isPending}
      waiting={!near}
    >
      <ProductList
        products={products}
        currency={currency}
        loading={isPending}
        skeletons={RECOMMENDATIONS_LIMIT}
        label="recommendations"
      />
    </HomeSection>
  );
}
