-- Catalogue: vendors, categories, products, variations, reviews; store settings.
-- SQLite types: UUIDs are 16-byte BLOBs, timestamps RFC 3339 TEXT, JSON TEXT.

CREATE TABLE vendors (
    id BLOB PRIMARY KEY NOT NULL,
    store_slug TEXT NOT NULL UNIQUE,
    store_name TEXT NOT NULL,
    store_description TEXT NOT NULL DEFAULT '',
    store_logo_url TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'suspended')),
    standard_delivery_min_days BIGINT,
    standard_delivery_max_days BIGINT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE categories (
    id BLOB PRIMARY KEY NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    image_url TEXT,
    position BIGINT NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

CREATE TABLE products (
    id BLOB PRIMARY KEY NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    brand TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    sale_price_cents BIGINT CHECK (sale_price_cents >= 0),
    image_url TEXT,
    videos TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'draft', 'inactive')),
    featured BOOLEAN NOT NULL DEFAULT FALSE,
    daily_deal BOOLEAN NOT NULL DEFAULT FALSE,
    has_variations BOOLEAN NOT NULL DEFAULT FALSE,
    stock_quantity BIGINT NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
    vendor_id BLOB REFERENCES vendors (id),
    product_type TEXT NOT NULL DEFAULT 'physical' CHECK (product_type IN ('physical', 'digital')),
    max_owned_per_user BIGINT CHECK (max_owned_per_user > 0),
    -- Kept by the db layer on every write: what customers pay (lowest over enabled
    -- variations), the highest such price, whether a sale applies, the stock customers can
    -- buy, and whether the product is listed (active, house product or approved vendor).
    min_price_cents BIGINT NOT NULL DEFAULT 0,
    max_price_cents BIGINT NOT NULL DEFAULT 0,
    on_sale BOOLEAN NOT NULL DEFAULT FALSE,
    available_stock BIGINT NOT NULL DEFAULT 0,
    listed BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE INDEX products_listed_created ON products (listed, created_at, id);
CREATE INDEX products_listed_category_created ON products (listed, category, created_at, id);
CREATE INDEX products_listed_brand_created ON products (listed, brand, created_at, id);
CREATE INDEX products_listed_featured_created ON products (listed, featured, created_at, id);
CREATE INDEX products_listed_deal_created ON products (listed, daily_deal, created_at, id);
CREATE INDEX products_listed_sale_created ON products (listed, on_sale, created_at, id);
CREATE INDEX products_listed_price ON products (listed, min_price_cents, id);
CREATE INDEX products_vendor ON products (vendor_id, listed, created_at, id);

CREATE TABLE product_variations (
    id BLOB PRIMARY KEY NOT NULL,
    product_id BLOB NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    attributes TEXT NOT NULL DEFAULT '[]',
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    sale_price_cents BIGINT CHECK (sale_price_cents >= 0),
    stock_quantity BIGINT NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
    weight_grams BIGINT CHECK (weight_grams >= 0),
    dimensions TEXT,
    images TEXT NOT NULL DEFAULT '[]',
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    manage_stock BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE INDEX product_variations_product ON product_variations (product_id, name);

CREATE TABLE product_reviews (
    id BLOB PRIMARY KEY NOT NULL,
    product_id BLOB NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    user_id BLOB,
    author_name TEXT NOT NULL,
    rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

CREATE INDEX product_reviews_product ON product_reviews (product_id);

CREATE TABLE system_settings (
    setting_key TEXT PRIMARY KEY NOT NULL,
    setting_value TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE site_settings (
    setting_key TEXT PRIMARY KEY NOT NULL,
    setting_value TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE currencies (
    code TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    symbol TEXT NOT NULL DEFAULT '',
    decimal_places BIGINT NOT NULL DEFAULT 2 CHECK (decimal_places BETWEEN 0 AND 4),
    enabled BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE countries (
    code TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT TRUE
);
