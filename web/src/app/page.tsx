import { Activity } from 'react';
import { CategoryTiles } from '@/features/home/components/category-tiles';
import { CreateYourVision } from '@/features/home/components/create-your-vision';
import { HomeBanners } from '@/features/home/components/home-banners';
import { HomeHero } from '@/features/home/components/home-hero';
import { NewsletterBox } from '@/features/home/components/newsletter-box';
import { HomeProductSection, RecommendationsSection } from '@/features/home/components/product-sections';
import { PromoStrip } from '@/features/home/components/promo-strip';
import { RecentlyViewedSection } from '@/features/home/components/recently-viewed-section';
import { TrustBadges } from '@/features/home/components/trust-badges';

/** The home page, in the order SPEC §2 lists its blocks (the footer comes from the layout). */
export default function HomePage() {
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <h1 className="sr-only">Shop great finds from South African stores</h1>
      {/* Boundaries split hydration into short tasks (see the root layout). */}
      <Activity>
        <div className="flex flex-col gap-4">
          <HomeHero />
          <PromoStrip />
        </div>
      </Activity>
      <Activity>
        <RecentlyViewedSection />
      </Activity>
      <Activity>
        <HomeProductSection list="featured" />
      </Activity>
      <Activity>
        <CategoryTiles />
      </Activity>
      <Activity>
        <HomeProductSection list="daily-deals" />
      </Activity>
      <Activity>
        <HomeBanners />
      </Activity>
      <Activity>
        <HomeProductSection list="special-offers" />
      </Activity>
      <Activity>
        <CreateYourVision />
      </Activity>
      <Activity>
        <RecommendationsSection />
      </Activity>
      <Activity>
        <TrustBadges />
      </Activity>
      <Activity>
        <NewsletterBox />
      </Activity>
    </div>
  );
}
