/** A vendor's store page as the API returns it (`GET /api/v1/stores/{store_slug}`). */

import type { EstimatedDelivery, ListMeta, ProductSummary } from '@/lib/catalogue-types';
import type { Schema } from '@/lib/api/client';

export type Store = Schema<'StoreView'>;

export type StoreResponse = Schema<'StoreResponse'>;
