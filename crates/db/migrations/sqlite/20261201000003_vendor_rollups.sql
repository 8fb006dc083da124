-- Vendors' figures per day (South African calendar days, 'YYYY-MM-DD'), recomputed by the
-- rollup job from orders, cancellations and product views, so the analytics page reads a
-- few hundred rows whatever the number of orders.
CREATE TABLE vendor_daily_stats (
    vendor_id BLOB NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    -- Parts of orders paid that day, their goods less discount plus delivery, and units.
    orders INTEGER NOT NULL DEFAULT 0,
    sales_cents INTEGER NOT NULL DEFAULT 0,
    units INTEGER NOT NULL DEFAULT 0,
    -- Parts cancelled after payment that day, and what was owed back for them.
    cancelled INTEGER NOT NULL DEFAULT 0,
    refunds_cents INTEGER NOT NULL DEFAULT 0,
    -- Views of the vendor's product pages that day.
    views INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (vendor_id, day)
);

CREATE TABLE vendor_daily_products (
    vendor_id BLOB NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    product_id BLOB NOT NULL,
    day TEXT NOT NULL,
    units INTEGER NOT NULL DEFAULT 0,
    sales_cents INTEGER NOT NULL DEFAULT 0,
    views INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (vendor_id, day, product_id)
);

-- Up to when the rollups are complete.
CREATE TABLE rollup_marks (
    name TEXT PRIMARY KEY NOT NULL,
    done_until TEXT NOT NULL
);

CREATE INDEX orders_paid_at ON orders (paid_at);
CREATE INDEX order_parts_cancelled_at ON order_parts (cancelled_at);
CREATE INDEX analytics_events_type_created ON analytics_events (event_type, created_at);
