/** A vendor's store page as the API returns it (`GET /api/v1/stores/{store_slug}`). */

import type { EstimatedDelivery, ListMeta, ProductSummary } from '@/lib/catalogue-types';

export interface Store {
  id: string;
  store_slug: string;
  store_name: string;
  store_description: string;
  store_logo_url: string | null;
  standard_delivery_min_days: number | null;
  standard_delivery_max_days: number | null;
  /** What customers are told for this store's physical products. */
  estimated_delivery: EstimatedDelivery | null;
  created_at: string;
}

export interface StoreResponse {
  store: Store;
  products: ProductSummary[];
  meta: ListMeta;
}
