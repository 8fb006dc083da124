import { Star } from 'lucide-react';
import type { ProductDetail } from '@/features/products/api/product-types';
import { ratingLabel } from '@/features/products/components/product-pricing';

/** Five stars (decorative) and the rating in words, which is what screen readers get. */
export function StarRating({ rating }: { rating: ProductDetail['rating'] }) {
  const rated = rating && rating.count > 0 && rating.average !== null ? rating.average : 0;
  const filled = Math.round(rated);
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-700" data-testid="product-rating">
      <span className="flex" aria-hidden="true">
        {Array.from({ length: 5 }, (_, index) => (
          <Star
            key={index}
            className={index < filled ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-neutral-300'}
          />
        ))}
      </span>
      <span>{ratingLabel(rating)}</span>
    </div>
  );
}
