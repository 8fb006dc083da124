-- Vendors write their own catalogue: products gain a version (a save against an older one
-- is refused), a SKU for products without variations, pictures with alt text, SEO texts,
-- and two statuses (pending_review: waiting for an admin; archived: put away). SQLite
-- changes the status CHECK by replacing the column.

ALTER TABLE products RENAME COLUMN status TO status_before;
ALTER TABLE products ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'draft', 'inactive', 'pending_review', 'archived'));
UPDATE products SET status = status_before;
ALTER TABLE products DROP COLUMN status_before;

ALTER TABLE products ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN sku TEXT;
ALTER TABLE products ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
-- When the product first went on sale; a product never published waits for review when
-- the platform reviews new vendors' products.
ALTER TABLE products ADD COLUMN published_at TEXT;

UPDATE products SET images = json_array(json_object('url', image_url, 'alt', '')) WHERE image_url IS NOT NULL;
UPDATE products SET published_at = created_at WHERE status = 'active';

CREATE UNIQUE INDEX products_sku ON products (sku);
-- The vendor's product list: by store and status, newest change first.
CREATE INDEX products_vendor_updated ON products (vendor_id, updated_at, id);
CREATE INDEX products_vendor_status_updated ON products (vendor_id, status, updated_at, id);

-- Attributes every vendor can build variations from (size, colour), kept by admins.
CREATE TABLE global_attributes (
    id BLOB PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE,
    attribute_values TEXT NOT NULL DEFAULT '[]',
    position BIGINT NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
INSERT INTO global_attributes (id, name, attribute_values, position, created_at) VALUES
    (X'01936b2e00007000800000000000a001', 'Size', '["XS", "S", "M", "L", "XL", "XXL"]', 1, '2026-11-28T00:00:00Z'),
    (X'01936b2e00007000800000000000a002', 'Colour', '["Black", "White", "Grey", "Navy", "Red", "Blue", "Green"]', 2, '2026-11-28T00:00:00Z');

-- Inventory: a low-stock threshold per product, and every change of stock as a movement
-- (who, when, how much, why).
ALTER TABLE products ADD COLUMN low_stock_threshold BIGINT NOT NULL DEFAULT 5;
CREATE TABLE stock_movements (
    id BLOB PRIMARY KEY NOT NULL,
    vendor_id BLOB REFERENCES vendors (id) ON DELETE CASCADE,
    product_id BLOB NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variation_id BLOB REFERENCES product_variations (id) ON DELETE SET NULL,
    sku TEXT,
    quantity_change BIGINT NOT NULL,
    stock_after BIGINT NOT NULL,
    reason TEXT NOT NULL CHECK (reason IN ('sale', 'cancellation', 'manual', 'import')),
    order_id BLOB REFERENCES orders (id) ON DELETE SET NULL,
    actor_id BLOB,
    created_at TEXT NOT NULL
);
CREATE INDEX stock_movements_vendor ON stock_movements (vendor_id, created_at, id);
CREATE INDEX stock_movements_product ON stock_movements (product_id, created_at, id);
