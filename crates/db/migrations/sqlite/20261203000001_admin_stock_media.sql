-- The admin's stock history and media library list every store's rows, newest first.
CREATE INDEX stock_movements_created ON stock_movements (created_at, id);
CREATE INDEX media_created ON media (created_at, id);
