import type {
  VendorProduct,
  VendorProductLine,
  VendorProductList,
  VendorVariation,
} from '@/features/products/api/vendor-product-types';

/** The vendor catalogue's payloads shaped as the API has them (money in cents). */

export function vendorProductLine(overrides: Partial<VendorProductLine> = {}): VendorProductLine {
  return {
    id: '0190f000-0000-7000-8000-00000000p001',
    slug: 'cape-trail-tee',
    name: 'Cape Trail Tee',
    status: 'active',
    sku: 'CTC-TEE',
    image_url: '/media/v/cape-trail-co/tee.jpg',
    category: 'apparel',
    product_type: 'physical',
    price_cents: 34900,
    sale_price_cents: null,
    min_price_cents: 34900,
    max_price_cents: 34900,
    variation_count: 0,
    available_stock: 12,
    listed: true,
    version: 3,
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-05T09:00:00Z',
    ...overrides,
  };
}

export function vendorProductList(items: VendorProductLine[], total = items.length, page = 1): VendorProductList {
  return { items, meta: { total, page, per_page: 20 } };
}

export function vendorVariation(overrides: Partial<VendorVariation> = {}): VendorVariation {
  return {
    id: '0190f000-0000-7000-8000-00000000v001',
    sku: 'CTC-TEE-M',
    name: 'M',
    attributes: [{ name: 'Size', value: 'M' }],
    price_cents: 34900,
    sale_price_cents: null,
    dimensions: null,
    stock_quantity: 5,
    weight_grams: 180,
    images: [],
    enabled: true,
    manage_stock: true,
    ...overrides,
  };
}

export function vendorProduct(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: '0190f000-0000-7000-8000-00000000p001',
    slug: 'cape-trail-tee',
    name: 'Cape Trail Tee',
    brand: 'Cape Trail Co',
    category: 'apparel',
    description: 'A light tee for long runs.',
    price_cents: 34900,
    sale_price_cents: null,
    sale_starts_at: null,
    sale_ends_at: null,
    images: [{ url: '/media/v/cape-trail-co/tee.jpg', alt: 'The tee, front' }],
    videos: [],
    status: 'draft',
    product_type: 'physical',
    max_owned_per_user: null,
    stock_quantity: 12,
    sku: 'CTC-TEE',
    seo_title: '',
    seo_description: '',
    available_stock: 12,
    listed: false,
    version: 3,
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-05T09:00:00Z',
    variations: [],
    digital_file: null,
    ...overrides,
  };
}

/** A digital product (a training plan) with its file, as GET /api/v1/vendor/products/{id} has it. */
export function digitalProduct(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return vendorProduct({
    id: '0190f000-0000-7000-8000-00000000p002',
    slug: 'comrades-plan',
    name: 'Comrades Plan',
    product_type: 'digital',
    max_owned_per_user: 1,
    sku: 'CTC-PLAN',
    digital_file: { name: 'Comrades plan.pdf', bytes: 1_258_291 },
    ...overrides,
  });
}

export const PLATFORM_ATTRIBUTES = [
  { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
  { name: 'Colour', values: ['Black', 'White', 'Grey'] },
];

export const CATEGORIES = {
  categories: [
    { slug: 'apparel', name: 'Apparel', description: '', image_url: null, product_count: 16 },
    { slug: 'footwear', name: 'Footwear', description: '', image_url: null, product_count: 7 },
  ],
};
