-- Each vendor's part of an order moves on its own: status, the shipment, and what a
-- cancellation of the part gave back. The order's status follows its parts.
ALTER TABLE order_parts ADD COLUMN status TEXT NOT NULL DEFAULT 'pending_payment'
    CHECK (status IN ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE order_parts ADD COLUMN courier TEXT;
ALTER TABLE order_parts ADD COLUMN tracking_number TEXT;
ALTER TABLE order_parts ADD COLUMN tracking_url TEXT;
ALTER TABLE order_parts ADD COLUMN processing_at TIMESTAMPTZ;
ALTER TABLE order_parts ADD COLUMN shipped_at TIMESTAMPTZ;
ALTER TABLE order_parts ADD COLUMN delivered_at TIMESTAMPTZ;
ALTER TABLE order_parts ADD COLUMN cancelled_at TIMESTAMPTZ;
ALTER TABLE order_parts ADD COLUMN cancel_reason TEXT;
ALTER TABLE order_parts ADD COLUMN refund_due_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_parts ADD COLUMN points_returned BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_parts ADD COLUMN points_reversed BIGINT NOT NULL DEFAULT 0;

UPDATE order_parts p SET status = o.status FROM orders o WHERE o.id = p.order_id;

CREATE INDEX order_parts_vendor_status ON order_parts (vendor_id, status);

-- A notification about one part (shipped by one of two vendors) has its own dedupe key;
-- one per order and type holds only for the rest.
ALTER TABLE order_notifications DROP CONSTRAINT order_notifications_order_id_type_key;
CREATE UNIQUE INDEX order_notifications_order_type ON order_notifications (order_id, type)
    WHERE dedupe_key IS NULL;
