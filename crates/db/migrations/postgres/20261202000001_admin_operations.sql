-- Admins run the platform: users can be suspended (and carry a version so two admins'
-- edits do not overwrite each other), reviews can be hidden, orders can be refunded in
-- part (each refund a row, each refunded line counted), stock and the books record
-- returns, and the admin lists get the indexes their filters need.

ALTER TABLE users ADD COLUMN suspended_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN suspended_reason TEXT;
ALTER TABLE users ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
CREATE INDEX users_created ON users (created_at, id);

ALTER TABLE product_reviews ADD COLUMN hidden_at TIMESTAMPTZ;
ALTER TABLE product_reviews ADD COLUMN hidden_reason TEXT;
CREATE INDEX product_reviews_created ON product_reviews (created_at, id);

ALTER TABLE products ADD COLUMN review_note TEXT;
CREATE INDEX products_updated ON products (updated_at, id);
CREATE INDEX products_status_updated ON products (status, updated_at, id);
CREATE INDEX products_stock_updated ON products (available_stock, updated_at, id);

CREATE INDEX orders_created ON orders (created_at, id);
CREATE INDEX orders_status_created ON orders (status, created_at, id);
CREATE INDEX order_parts_vendor_created ON order_parts (vendor_id, order_id);
CREATE INDEX audit_log_actor ON audit_log (actor_email, created_at);
CREATE INDEX audit_log_action ON audit_log (action, created_at);
CREATE INDEX vendor_daily_stats_day ON vendor_daily_stats (day);

ALTER TABLE order_items ADD COLUMN refunded_quantity BIGINT NOT NULL DEFAULT 0;

-- A refund an admin issued: its value in goods (what the vendor gives back), the money
-- and points that go back, and how the payment provider answered.
CREATE TABLE order_refunds (
    id UUID PRIMARY KEY NOT NULL,
    order_id UUID NOT NULL REFERENCES orders (id),
    part_id UUID NOT NULL REFERENCES order_parts (id),
    value_cents BIGINT NOT NULL CHECK (value_cents > 0),
    money_cents BIGINT NOT NULL CHECK (money_cents >= 0),
    points_returned BIGINT NOT NULL DEFAULT 0,
    points_reversed BIGINT NOT NULL DEFAULT 0,
    lines JSONB NOT NULL DEFAULT '[]',
    restocked BOOLEAN NOT NULL DEFAULT FALSE,
    reason TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('due', 'requested', 'paid', 'failed')),
    gateway_reference TEXT,
    gateway_message TEXT,
    actor_id UUID REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX order_refunds_order ON order_refunds (order_id, created_at);
CREATE INDEX order_refunds_created ON order_refunds (created_at);

-- Returned goods go back on the shelf ('return'), and a refund of delivered goods is its
-- own journal kind.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
    CHECK (reason IN ('sale', 'cancellation', 'manual', 'import', 'return'));
ALTER TABLE ledger_journals DROP CONSTRAINT ledger_journals_kind_check;
ALTER TABLE ledger_journals ADD CONSTRAINT ledger_journals_kind_check
    CHECK (kind IN ('sale', 'fee', 'cancellation', 'release', 'refund', 'payout', 'payout_paid', 'payout_failed', 'adjustment', 'return'));
