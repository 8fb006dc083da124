-- A part's lines: fulfilment pages and the analytics rollup count them per part.
CREATE INDEX order_items_part ON order_items (part_id);
