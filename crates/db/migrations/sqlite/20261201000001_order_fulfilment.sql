-- Each vendor's part of an order moves on its own: status, the shipment, and what a
-- cancellation of the part gave back. The order's status follows its parts.
ALTER TABLE order_parts ADD COLUMN status TEXT NOT NULL DEFAULT 'pending_payment'
    CHECK (status IN ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE order_parts ADD COLUMN courier TEXT;
ALTER TABLE order_parts ADD COLUMN tracking_number TEXT;
ALTER TABLE order_parts ADD COLUMN tracking_url TEXT;
ALTER TABLE order_parts ADD COLUMN processing_at TEXT;
ALTER TABLE order_parts ADD COLUMN shipped_at TEXT;
ALTER TABLE order_parts ADD COLUMN delivered_at TEXT;
ALTER TABLE order_parts ADD COLUMN cancelled_at TEXT;
ALTER TABLE order_parts ADD COLUMN cancel_reason TEXT;
ALTER TABLE order_parts ADD COLUMN refund_due_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_parts ADD COLUMN points_returned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_parts ADD COLUMN points_reversed INTEGER NOT NULL DEFAULT 0;

UPDATE order_parts SET status = (SELECT o.status FROM orders o WHERE o.id = order_parts.order_id);

CREATE INDEX order_parts_vendor_status ON order_parts (vendor_id, status);

-- A notification about one part (shipped by one of two vendors) has its own dedupe key;
-- one per order and type holds only for the rest. SQLite changes a constraint by
-- rebuilding the table.
CREATE TABLE order_notifications_next (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id BLOB REFERENCES orders (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('order_confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'application_approved', 'application_rejected', 'application_changes_requested')),
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    read BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    link TEXT,
    dedupe_key TEXT UNIQUE
);
INSERT INTO order_notifications_next (id, user_id, order_id, type, title, message, read, created_at, link, dedupe_key)
    SELECT id, user_id, order_id, type, title, message, read, created_at, link, dedupe_key FROM order_notifications;
DROP TABLE order_notifications;
ALTER TABLE order_notifications_next RENAME TO order_notifications;
CREATE INDEX order_notifications_user ON order_notifications (user_id, created_at);
CREATE UNIQUE INDEX order_notifications_order_type ON order_notifications (order_id, type)
    WHERE dedupe_key IS NULL;
