/**
 * Product shapes of the API (docs/contracts.md, "API product shapes"). Money is in cents. The
 * summary every list shares lives in lib/catalogue-types.
 */

import type { EstimatedDelivery, ListMeta, ProductSummary } from '@/lib/catalogue-types';
import type { Schema } from '@/lib/api/client';

export type ProductVariation = Schema<'VariationView'>;

export type ProductVendor = Schema<'VendorSummary'>;

export type ProductDetail = Schema<'ProductDetail'>;

export type ProductListResponse = Schema<'ProductListResponse'>;

export type ProductDetailResponse = Schema<'ProductResponse'>;
