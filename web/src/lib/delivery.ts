import type { EstimatedDelivery } from '@/lib/catalogue-types';

/** "Delivery in 4–8 business days" (or "in 3 business days", "in 1 business day"). */
export function deliveryLabel(delivery: EstimatedDelivery | null | undefined): string | null {
  if (!delivery) return null;
  const { min_business_days: min, max_business_days: max } = delivery;
  const days = min === max ? `${min}` : `${min}–${max}`;
  return `Delivery in ${days} business ${min === max && min === 1 ? 'day' : 'days'}`;
}
