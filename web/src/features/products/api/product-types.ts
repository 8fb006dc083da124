/** Product shapes of the API (docs/contracts.md, "API product shapes"). Money is in cents. */

export interface PriceRange {
  min_cents: number;
  max_cents: number;
}

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  brand: string | null;
  category: string | null;
  category_name: string | null;
  price_cents: number;
  sale_price_cents: number | null;
  effective_price_cents: number;
  discount_percent: number | null;
  currency: string;
  price_range: PriceRange | null;
  image_url: string | null;
  videos: string[];
  featured: boolean;
  daily_deal: boolean;
  on_sale: boolean;
  has_variations: boolean;
  stock_quantity: number;
  in_stock: boolean;
  product_type: string;
  max_owned_per_user: number | null;
  vendor_id: string | null;
  created_at: string;
}

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
  estimated_delivery: { min_business_days: number; max_business_days: number } | null;
}

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
}

export interface ProductListResponse {
  products: ProductSummary[];
  meta: ListMeta;
}

export interface ProductDetailResponse {
  product: ProductDetail;
}
