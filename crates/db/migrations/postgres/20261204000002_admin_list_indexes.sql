-- The admin lists and dashboard over a large shop, each through an index of its own:
-- users by role (staff and vendors are few among many customers), the low-stock products
-- in the list's order (the terms of the products list's `stock=low` filter), the orders
-- still owed a refund, the month's sales read from the index alone, and the stock levels
-- at or under their threshold (admin stock's default list); a user search scans emails and
-- names from narrow indexes instead of the wide rows.
CREATE INDEX profiles_role ON profiles (role);
CREATE INDEX users_find ON users (email, id);
CREATE INDEX profiles_find ON profiles (full_name, id);
CREATE INDEX products_low_stock ON products (updated_at, id, available_stock)
    WHERE available_stock <= low_stock_threshold AND product_type = 'physical' AND status <> 'archived';
CREATE INDEX products_level_low ON products (stock_quantity, id)
    WHERE stock_quantity <= low_stock_threshold AND status <> 'archived';
CREATE INDEX orders_refund_due ON orders (refund_due_cents) WHERE refund_due_cents > 0;
DROP INDEX orders_paid_at;
CREATE INDEX orders_paid_total ON orders (paid_at, total_cents);
