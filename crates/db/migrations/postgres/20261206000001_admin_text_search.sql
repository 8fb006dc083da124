-- Text search for the admin's user and product lists is a trigram index on SQLite (FTS5,
-- tables named fts_*). PostgreSQL searches with `ILIKE` over the tables themselves: a
-- trigram index there needs the pg_trgm extension, which a database user that does not
-- own the database cannot always install (see docs/decisions.md).
--
-- The stock list's search (a name holding the text, or a SKU) counts among the low levels:
-- with the name and SKU in the partial index of low levels, that count reads the index
-- alone.
DROP INDEX products_level_low;
CREATE INDEX products_level_low ON products (stock_quantity, id, low_stock_threshold, status, name, sku)
    WHERE stock_quantity <= low_stock_threshold AND status <> 'archived';
