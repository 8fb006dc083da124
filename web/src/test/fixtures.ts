import type { Order, OrderPart, QuotePart } from '@/features/checkout/api/checkout-types';
import type { Notification, NotificationList } from '@/features/notifications/api/notifications';
import type { ProductDetail, ProductListResponse } from '@/features/products/api/product-types';
import type { SearchResponse, Suggestion } from '@/features/search/api/search';
import type { VendorShipping } from '@/features/shipping/api/shipping-types';
import type { Store, StoreResponse } from '@/features/stores/api/store-types';
import type { ProductSummary } from '@/lib/catalogue-types';
import type { PublicSettingsResponse } from '@/lib/public-settings';

/** API payloads shaped exactly as docs/contracts.md. */

export function productSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: '0190a000-0000-7000-8000-000000000001',
    slug: 'ovr-aero-running-tee',
    name: 'OVR Aero Running Tee',
    brand: 'OVR',
    category: 'apparel',
    category_name: 'Apparel',
    price_cents: 49900,
    sale_price_cents: 39900,
    effective_price_cents: 39900,
    discount_percent: 20,
    currency: 'ZAR',
    price_range: null,
    image_url: '/media/seed/ovr-aero-running-tee.svg',
    videos: [],
    featured: true,
    daily_deal: false,
    on_sale: true,
    has_variations: false,
    stock_quantity: 25,
    in_stock: true,
    product_type: 'physical',
    max_owned_per_user: null,
    vendor_id: '0190a000-0000-7000-8000-0000000000v1',
    created_at: '2026-10-01T10:00:00Z',
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...productSummary(),
    description: 'A light, breathable running tee.',
    status: 'active',
    variations: [],
    vendor: {
      id: '0190a000-0000-7000-8000-0000000000v1',
      store_name: 'OVR Official',
      store_slug: 'ovr-official',
      store_logo_url: null,
      standard_delivery_min_days: 2,
      standard_delivery_max_days: 5,
    },
    rating: { average: 4.3, count: 12 },
    estimated_delivery: { min_business_days: 4, max_business_days: 8 },
    ...overrides,
  };
}

export function productList(products: ProductSummary[]): ProductListResponse {
  return { products, meta: { total: products.length, page: 1, per_page: 4 } };
}

export function publicSettings(
  overrides: Partial<PublicSettingsResponse['settings']> = {},
): PublicSettingsResponse {
  return {
    settings: {
      currency: { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2 },
      shipping: { free_shipping_threshold_cents: 45000, default_shipping_rate_cents: 6500 },
      tax: { default_rate_percent: 15 },
      site: { logo_url: null, logo_text: 'bazaar' },
      currencies: [{ code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: true }],
      countries: [{ code: 'ZA', name: 'South Africa', enabled: true }],
      ...overrides,
    },
  };
}

export function store(overrides: Partial<Store> = {}): Store {
  return {
    id: '0190a000-0000-7000-8000-0000000000v1',
    store_slug: 'ovr-official',
    store_name: 'OVR Official',
    store_description: 'The official OVR store: running and training apparel designed in Cape Town.',
    store_logo_url: '/media/seed/vendors/ovr-official.svg',
    standard_delivery_min_days: 2,
    standard_delivery_max_days: 5,
    estimated_delivery: { min_business_days: 4, max_business_days: 8 },
    created_at: '2026-10-01T10:00:00Z',
    store_banner_url: null,
    accent_color: null,
    return_policy: '',
    social_links: {},
    store_logo_srcset: null,
    store_banner_srcset: null,
    ...overrides,
  };
}

export function storeResponse(
  storeOverrides: Partial<Store> = {},
  products: ProductSummary[] = [productSummary()],
  meta: Partial<StoreResponse['meta']> = {},
): StoreResponse {
  return {
    store: store(storeOverrides),
    products,
    meta: { total: products.length, page: 1, per_page: 20, ...meta },
  };
}

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '0190c000-0000-7000-8000-000000000001',
    order_id: '0190c000-0000-7000-8000-0000000000a1',
    link: null,
    type: 'shipped',
    title: 'Order shipped',
    message: 'Your order BZ-1001 is on its way.',
    read: false,
    created_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

export function notificationList(notifications: Notification[], unread?: number): NotificationList {
  return { notifications, unread: unread ?? notifications.filter((n) => !n.read).length };
}

export function suggestion(index: number, overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: `0190d000-0000-7000-8000-00000000000${index}`,
    slug: `suggested-product-${index}`,
    name: `Suggested Product ${index}`,
    price_cents: 10000 * index + 990,
    category: 'Training Gear',
    image_url: `/media/seed/products/suggested-${index}.svg`,
    ...overrides,
  };
}

export function searchResponse(
  products: ProductSummary[] = [productSummary()],
  overrides: Partial<SearchResponse> = {},
): SearchResponse {
  return {
    products,
    meta: { total: products.length, page: 1, per_page: 20 },
    facets: {
      brand: [
        { value: 'OVR', label: 'OVR', count: 3 },
        { value: 'PWR', label: 'PWR', count: 11 },
      ],
      category: [{ value: 'training-gear', label: 'Training Gear', count: 11 }],
      price: [
        { label: 'Under R100', min_cents: null, max_cents: 10000, count: 0 },
        { label: 'R100–R250', min_cents: 10000, max_cents: 25000, count: 4 },
        { label: 'R250–R500', min_cents: 25000, max_cents: 50000, count: 9 },
        { label: 'R500–R1,000', min_cents: 50000, max_cents: 100000, count: 1 },
        { label: 'R1,000 and over', min_cents: 100000, max_cents: null, count: 0 },
      ],
    },
    ...overrides,
  };
}

/** An unpaid order of R323.00 (R258.00 and R65.00 shipping), as GET /api/v1/orders/{id} answers. */
export function pendingOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    order_number: 'BZ-0123456789',
    status: 'pending_payment',
    currency: 'ZAR',
    subtotal_cents: 25800,
    coupon_code: null,
    discount_cents: 0,
    shipping_cents: 6500,
    points_spent: 0,
    points_discount_cents: 0,
    vat_cents: 4213,
    total_cents: 32300,
    points_earned: 0,
    shipping_address: null,
    reserved_until: null,
    paid_at: null,
    cancelled_at: null,
    cancel_reason: null,
    refund_due_cents: 0,
    can_cancel: true,
    created_at: '2026-11-21T10:00:00Z',
    parts: [],
    payment: null,
    ...overrides,
  };
}

/** One vendor's part of a checkout quote: R258.00 of goods, R65.00 shipping, no discount. */
export function quotePart(overrides: Partial<QuotePart> = {}): QuotePart {
  return {
    vendor_id: 'v1',
    vendor_name: 'PWR Athletics',
    subtotal_cents: 25800,
    discount_cents: 0,
    shipping_cents: 6500,
    delivery_min_business_days: 4,
    delivery_max_business_days: 8,
    delivery_from: '2026-11-26',
    delivery_to: '2026-12-02',
    ...overrides,
  };
}

/** One vendor's part of a placed order (two shaker bottles), as GET /api/v1/orders/{id} has it. */
export function orderPart(overrides: Partial<OrderPart> = {}): OrderPart {
  return {
    id: 'part1',
    vendor_id: 'v1',
    vendor_name: 'PWR Athletics',
    vendor_slug: 'pwr-athletics',
    subtotal_cents: 25800,
    discount_cents: 0,
    shipping_cents: 6500,
    delivery_from: '2026-11-26',
    delivery_to: '2026-12-02',
    status: 'paid',
    courier: null,
    courier_name: null,
    tracking_number: null,
    tracking_url: null,
    shipped_at: null,
    delivered_at: null,
    cancelled_at: null,
    cancel_reason: null,
    refund_due_cents: 0,
    items: [
      {
        id: 'l1',
        product_id: 'p1',
        variation_id: null,
        product_name: 'PWR Shaker Bottle 700ml',
        variation_name: null,
        size: '',
        color: '',
        product_type: 'physical',
        image_url: null,
        unit_price_cents: 12900,
        quantity: 2,
        line_total_cents: 25800,
        refunded_quantity: 0,
        download_url: null,
      },
    ],
    ...overrides,
  };
}

/**
 * A vendor's shipping page as GET /api/v1/vendor/shipping answers it: 2 to 5 days, the
 * platform's terms (R65.00, free from R450.00).
 */
export function vendorShipping(overrides: Partial<VendorShipping> = {}): VendorShipping {
  return {
    standard_delivery_min_days: 2,
    standard_delivery_max_days: 5,
    flat_rate_cents: null,
    free_shipping_threshold_cents: null,
    platform: { default_shipping_rate_cents: 6500, free_shipping_threshold_cents: 45000 },
    estimate_min_business_days: 4,
    estimate_max_business_days: 8,
    ...overrides,
  };
}
