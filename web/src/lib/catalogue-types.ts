/**
 * Catalogue shapes more than one feature reads (docs/contracts.md, "API product shapes"): the
 * product summary of every list (home, store pages, …), list paging and delivery estimates.
 * Money is in cents.
 */

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

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
}

/** What customers are told about delivery, in business days. */
export interface EstimatedDelivery {
  min_business_days: number;
  max_business_days: number;
}
