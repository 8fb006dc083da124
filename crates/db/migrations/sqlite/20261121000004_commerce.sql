-- Buying: carts, wishlists, order lines and parts, stock reservations, payments, loyalty
-- points and coupons. Money is in cents; times are UTC.

-- The signed-in cart. `line_key` is product|variation|size|colour: adding the same line
-- again raises its quantity instead of adding a row.
CREATE TABLE cart_items (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id BLOB NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variation_id BLOB REFERENCES product_variations (id) ON DELETE CASCADE,
    size TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '',
    quantity BIGINT NOT NULL CHECK (quantity >= 1),
    line_key TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, line_key)
);

CREATE TABLE wishlists (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id BLOB NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, product_id)
);

CREATE INDEX wishlists_user ON wishlists (user_id, created_at);

-- The order header gains what checkout decided. `reserved_until` is when an unpaid
-- order's stock goes back on sale.
ALTER TABLE orders ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN vat_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN points_discount_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN points_earned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN coupon_code TEXT;
ALTER TABLE orders ADD COLUMN shipping_address TEXT;
ALTER TABLE orders ADD COLUMN reserved_until TEXT;
ALTER TABLE orders ADD COLUMN paid_at TEXT;
ALTER TABLE orders ADD COLUMN cancelled_at TEXT;
ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
ALTER TABLE orders ADD COLUMN payment_reference TEXT;
ALTER TABLE orders ADD COLUMN refund_due_cents INTEGER NOT NULL DEFAULT 0;

CREATE INDEX orders_pending ON orders (status, reserved_until);

-- One part per vendor (or the house) for fulfilment.
CREATE TABLE order_parts (
    id BLOB PRIMARY KEY NOT NULL,
    order_id BLOB NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    vendor_id BLOB REFERENCES vendors (id),
    vendor_name TEXT NOT NULL,
    subtotal_cents INTEGER NOT NULL,
    delivery_from TEXT,
    delivery_to TEXT,
    position INTEGER NOT NULL
);

CREATE INDEX order_parts_order ON order_parts (order_id, position);
CREATE INDEX order_parts_vendor ON order_parts (vendor_id);

-- Order lines keep what was bought as it was at checkout.
CREATE TABLE order_items (
    id BLOB PRIMARY KEY NOT NULL,
    order_id BLOB NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    part_id BLOB NOT NULL REFERENCES order_parts (id) ON DELETE CASCADE,
    product_id BLOB REFERENCES products (id) ON DELETE SET NULL,
    variation_id BLOB REFERENCES product_variations (id) ON DELETE SET NULL,
    vendor_id BLOB REFERENCES vendors (id),
    product_name TEXT NOT NULL,
    variation_name TEXT,
    size TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '',
    product_type TEXT NOT NULL,
    image_url TEXT,
    unit_price_cents INTEGER NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    line_total_cents INTEGER NOT NULL,
    -- Whether this line took stock (a managed product or variation), so a release gives
    -- back exactly what was taken.
    stock_reserved BOOLEAN NOT NULL,
    position INTEGER NOT NULL
);

CREATE INDEX order_items_order ON order_items (order_id, position);
CREATE INDEX order_items_product ON order_items (product_id);

-- Every payment notification received, kept for audit. A pf_payment_id is accepted once.
CREATE TABLE payment_notifications (
    id BLOB PRIMARY KEY NOT NULL,
    provider TEXT NOT NULL,
    pf_payment_id TEXT,
    m_payment_id TEXT,
    order_id BLOB REFERENCES orders (id) ON DELETE SET NULL,
    source_ip TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('received', 'accepted', 'rejected', 'duplicate')),
    reason TEXT,
    received_at TEXT NOT NULL,
    processed_at TEXT
);

CREATE UNIQUE INDEX payment_notifications_accepted ON payment_notifications (provider, pf_payment_id)
    WHERE status = 'accepted';

CREATE TABLE user_points (
    user_id BLOB PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    current_balance INTEGER NOT NULL DEFAULT 0 CHECK (current_balance >= 0),
    lifetime_earned INTEGER NOT NULL DEFAULT 0,
    lifetime_spent INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);

-- `source` says why; an order moves points for one reason once.
CREATE TABLE points_transactions (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    transaction_type TEXT NOT NULL CHECK (transaction_type IN ('earned', 'spent', 'refunded')),
    points_amount INTEGER NOT NULL CHECK (points_amount > 0),
    description TEXT NOT NULL,
    order_id BLOB REFERENCES orders (id) ON DELETE SET NULL,
    source TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE INDEX points_transactions_user ON points_transactions (user_id, created_at);
CREATE UNIQUE INDEX points_transactions_order_once ON points_transactions (order_id, source)
    WHERE order_id IS NOT NULL;

CREATE TABLE points_codes (
    code TEXT PRIMARY KEY NOT NULL CHECK (length(code) BETWEEN 1 AND 12),
    points INTEGER NOT NULL CHECK (points > 0),
    description TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

CREATE TABLE points_code_redemptions (
    code TEXT NOT NULL REFERENCES points_codes (code) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    points INTEGER NOT NULL,
    redeemed_at TEXT NOT NULL,
    PRIMARY KEY (code, user_id)
);

CREATE TABLE coupons (
    id BLOB PRIMARY KEY NOT NULL,
    code TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL CHECK (kind IN ('percentage', 'fixed')),
    -- A percentage (1–100) or an amount in cents.
    value INTEGER NOT NULL CHECK (value > 0),
    min_spend_cents INTEGER NOT NULL DEFAULT 0,
    starts_at TEXT,
    expires_at TEXT,
    usage_limit INTEGER CHECK (usage_limit > 0),
    per_customer_limit INTEGER CHECK (per_customer_limit > 0),
    first_order_only BOOLEAN NOT NULL DEFAULT FALSE,
    vendor_id BLOB REFERENCES vendors (id) ON DELETE CASCADE,
    times_used INTEGER NOT NULL DEFAULT 0 CHECK (times_used >= 0),
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TEXT NOT NULL
);

CREATE TABLE coupon_redemptions (
    coupon_id BLOB NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id BLOB NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
);

CREATE INDEX coupon_redemptions_user ON coupon_redemptions (coupon_id, user_id);
