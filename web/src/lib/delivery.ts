import type { EstimatedDelivery } from '@/lib/catalogue-types';

/** "Delivery in 4–8 business days" (or "in 3 business days", "in 1 business day"). */
export function deliveryLabel(delivery: EstimatedDelivery | null | undefined): string | null {
  if (!delivery) return null;
  const { min_business_days: min, max_business_days: max } = delivery;
  const days = min === max ? `${min}` : `${min}–${max}`;
  return `Delivery in ${days} business ${min === max && min === 1 ? 'day' : 'days'}`;
}

/** Floors and handling of the delivery estimate, as the API applies them (crates/domain/src/delivery.rs). */
const MIN_DAYS_FLOOR = 3;
const MAX_DAYS_FLOOR = 7;
const HANDLING_DAYS = 1;

/**
 * The estimate the API shows for a store's standard delivery days (SPEC.md §9): floors of 3 and 7,
 * the maximum never below the minimum, plus one business day for handling. For previews of
 * settings not saved yet; pages show what the API answers.
 */
export function estimateDelivery(minDays: number | null, maxDays: number | null): EstimatedDelivery {
  const min = Math.max(minDays ?? 0, MIN_DAYS_FLOOR);
  const max = Math.max(maxDays ?? 0, MAX_DAYS_FLOOR, min);
  return { min_business_days: min + HANDLING_DAYS, max_business_days: max + HANDLING_DAYS };
}
