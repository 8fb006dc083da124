/**
 * Product shapes of the API (docs/contracts.md, "API product shapes"). Money is in cents. The
 * summary every list shares lives in lib/catalogue-types.
 */

import type { EstimatedDelivery, ListMeta, ProductSummary } from '@/lib/catalogue-types';

export interface ProductVariation {
  id: string;
  product_id: string;
  name: string;
  sku: string | null;
  attributes: { name: string; value: string }[];
  price_cents: number;
  sale_price_cents: number | null;
  effective_price_cents: number;
  stock_quantity: number;
  weight_grams: number | null;
  dimensions: { length_cm: number; width_cm: number; height_cm: number } | null;
  images: string[];
  enabled: boolean;
  manage_stock: boolean;
}

export interface ProductVendor {
  id: string;
  store_name: string;
  store_slug: string;
  store_logo_url: string | null;
  standard_delivery_min_days: number | null;
  standard_delivery_max_days: number | null;
}

export interface ProductDetail extends ProductSummary {
  description: string | null;
  status: string;
  variations: ProductVariation[];
  vendor: ProductVendor | null;
  rating: { average: number | null; count: number } | null;
  estimated_delivery: EstimatedDelivery | null;
}

export interface ProductListResponse {
  products: ProductSummary[];
  meta: ListMeta;
}

export interface ProductDetailResponse {
  product: ProductDetail;
}
