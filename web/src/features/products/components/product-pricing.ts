import type { ProductDetail } from '@/features/products/api/product-types';

export function ratingLabel(rating: ProductDetail['rating']): string {
  if (!rating || rating.count <= 0 || rating.average === null) return 'No reviews yet';
  const reviews = rating.count === 1 ? 'review' : 'reviews';
  return `${rating.average.toFixed(1)} out of 5 (${rating.count} ${reviews})`;
}
