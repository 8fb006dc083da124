-- Chat (SPEC.md §3–4, §7–9): a customer's conversation with one store (at most one per pair)
-- or with support (at most one per customer). Each side's unread count is kept on the
-- conversation, written in the transaction that adds or reads messages, so lists and badges
-- are one indexed read. `blocked_by` is the side that blocked the other (vendor
-- conversations only); while set, nobody sends. A report puts the conversation in front of
-- admins with its reason until an admin resolves it. A side that leaves a message unread
-- for 30 minutes is emailed once, until it reads again.
CREATE TABLE conversations (
    id UUID PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('vendor', 'support')),
    customer_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    vendor_id UUID REFERENCES vendors (id) ON DELETE CASCADE,
    -- What the customer started it about: a product, or their order's part from this store.
    product_id UUID REFERENCES products (id) ON DELETE SET NULL,
    order_part_id UUID REFERENCES order_parts (id) ON DELETE SET NULL,
    customer_unread BIGINT NOT NULL DEFAULT 0,
    staff_unread BIGINT NOT NULL DEFAULT 0,
    last_message TEXT,
    last_message_at TIMESTAMPTZ,
    blocked_by TEXT CHECK (blocked_by IN ('customer', 'vendor')),
    blocked_at TIMESTAMPTZ,
    reported_by TEXT CHECK (reported_by IN ('customer', 'vendor')),
    report_reason TEXT,
    reported_at TIMESTAMPTZ,
    report_resolved_at TIMESTAMPTZ,
    -- When a side was last emailed about messages it left unread (cleared when it reads).
    customer_emailed_at TIMESTAMPTZ,
    staff_emailed_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL,
    CHECK ((kind = 'vendor') = (vendor_id IS NOT NULL))
);
CREATE UNIQUE INDEX conversations_with_vendor ON conversations (customer_id, vendor_id) WHERE kind = 'vendor';
CREATE UNIQUE INDEX conversations_with_support ON conversations (customer_id) WHERE kind = 'support';
CREATE INDEX conversations_customer ON conversations (customer_id, last_message_at);
CREATE INDEX conversations_vendor ON conversations (vendor_id, last_message_at);
CREATE INDEX conversations_kind ON conversations (kind, last_message_at);
-- The unread-email sweep looks only at conversations someone has left unread.
CREATE INDEX conversations_customer_waiting ON conversations (last_message_at)
    WHERE customer_unread > 0 AND customer_emailed_at IS NULL;
CREATE INDEX conversations_staff_waiting ON conversations (last_message_at)
    WHERE staff_unread > 0 AND staff_emailed_at IS NULL;

-- One message. `sender` is the side it came from; `sender_id` the user who wrote it (an
-- admin's id for support). `read_at` is set when the other side opens the conversation.
CREATE TABLE chat_messages (
    id UUID PRIMARY KEY NOT NULL,
    conversation_id UUID NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender TEXT NOT NULL CHECK (sender IN ('customer', 'vendor', 'support')),
    sender_id UUID REFERENCES users (id) ON DELETE SET NULL,
    body TEXT NOT NULL,
    product_id UUID REFERENCES products (id) ON DELETE SET NULL,
    order_part_id UUID REFERENCES order_parts (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    read_at TIMESTAMPTZ
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, created_at);
CREATE INDEX chat_messages_unread ON chat_messages (conversation_id, sender) WHERE read_at IS NULL;
CREATE INDEX chat_messages_sender ON chat_messages (sender_id, created_at);
