import { HomeIntro } from '@/features/home/components/home-intro';
import { FeaturedProducts } from '@/features/products/components/featured-products';

export default function HomePage() {
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <HomeIntro />
      <FeaturedProducts />
    </div>
  );
}
