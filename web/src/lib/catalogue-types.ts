import type { Schema } from '@/lib/api/client';

/**
 * Catalogue shapes more than one feature reads (docs/contracts.md, "API product shapes"): the
 * product summary of every list (home, store pages, …), list paging and delivery estimates.
 * Money is in cents.
 */

export type PriceRange = Schema<'PriceRangeView'>;

export type ProductSummary = Schema<'ProductSummary'>;

export type ListMeta = Schema<'ListMeta'>;

/** What customers are told about delivery, in business days. */
export type EstimatedDelivery = Schema<'DeliveryView'>;
