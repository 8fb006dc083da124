-- The vendor's product list for a store of many thousand products: each sort reads its page
-- from an index instead of sorting the whole store, and a search (name, slug or SKU) and its
-- count read only the narrow `products_vendor_find` index, never the table.
CREATE INDEX products_vendor_created ON products (vendor_id, created_at, id);
CREATE INDEX products_vendor_name ON products (vendor_id, lower(name), id);
CREATE INDEX products_vendor_price ON products (vendor_id, min_price_cents, id);
CREATE INDEX products_vendor_stock ON products (vendor_id, available_stock, id);
CREATE INDEX products_vendor_find ON products (vendor_id, status, name, slug, sku, id);
