-- Vendors set their own selling terms: shipping (a flat rate and a free-shipping threshold
-- for their part of an order; the platform's settings when unset), a sale window, and
-- daily deals an admin approves.

ALTER TABLE vendors ADD COLUMN shipping_flat_rate_cents BIGINT CHECK (shipping_flat_rate_cents >= 0);
ALTER TABLE vendors ADD COLUMN free_shipping_threshold_cents BIGINT CHECK (free_shipping_threshold_cents >= 0);

-- Each vendor's part of an order carries its share of the discount and of shipping; the
-- parts add up to the order's figures.
ALTER TABLE order_parts ADD COLUMN discount_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_parts ADD COLUMN shipping_cents BIGINT NOT NULL DEFAULT 0;

-- The sale price counts only inside its window (either end open). `sale_live` is the
-- window as of the last write or scheduled refresh, so every reader prices alike;
-- `deal_price_cents` is today's approved daily deal, set and cleared by the same refresh.
ALTER TABLE products ADD COLUMN sale_starts_at TIMESTAMPTZ;
ALTER TABLE products ADD COLUMN sale_ends_at TIMESTAMPTZ;
ALTER TABLE products ADD COLUMN sale_live BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE products ADD COLUMN deal_price_cents BIGINT;
CREATE INDEX products_sale_window ON products (sale_starts_at, sale_ends_at) WHERE sale_starts_at IS NOT NULL OR sale_ends_at IS NOT NULL;
CREATE INDEX products_deal ON products (deal_price_cents) WHERE deal_price_cents IS NOT NULL;

-- A vendor proposes a product for one date at a deal price; an admin approves or rejects.
CREATE TABLE daily_deals (
    id UUID PRIMARY KEY NOT NULL,
    vendor_id UUID NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    product_id UUID NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    deal_date DATE NOT NULL,
    deal_price_cents BIGINT NOT NULL CHECK (deal_price_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected', 'withdrawn')),
    decision_note TEXT NOT NULL DEFAULT '',
    decided_by UUID,
    decided_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (product_id, deal_date)
);
CREATE INDEX daily_deals_vendor ON daily_deals (vendor_id, deal_date);
CREATE INDEX daily_deals_date ON daily_deals (deal_date, status);
