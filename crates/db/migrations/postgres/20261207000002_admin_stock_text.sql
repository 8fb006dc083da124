-- The admin's products out of stock, in the list's order, through an index of their own
-- (as the low-stock ones have; SQLite's also hold the text a search tests).
CREATE INDEX products_out_stock ON products (updated_at, id)
    WHERE available_stock = 0 AND product_type = 'physical' AND status <> 'archived';
