-- Jobs and what they act on: the outbox the relay drains into the job queue, live events,
-- order notifications, email templates and sent mail, analytics events, and the orders
-- table the commerce work extends.

CREATE TABLE outbox (
    id UUID PRIMARY KEY NOT NULL,
    job JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE live_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX live_events_user ON live_events (user_id, id);

CREATE TABLE orders (
    id UUID PRIMARY KEY NOT NULL,
    order_number TEXT NOT NULL UNIQUE,
    user_id UUID NOT NULL REFERENCES users (id),
    status TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled')),
    currency TEXT NOT NULL DEFAULT 'ZAR',
    subtotal_cents BIGINT NOT NULL DEFAULT 0,
    shipping_cents BIGINT NOT NULL DEFAULT 0,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    points_spent BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX orders_user ON orders (user_id, created_at);

CREATE TABLE order_notifications (
    id UUID PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id UUID NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('order_confirmed', 'processing', 'shipped', 'delivered', 'cancelled')),
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    read BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (order_id, type)
);

CREATE INDEX order_notifications_user ON order_notifications (user_id, created_at);

CREATE TABLE email_templates (
    key TEXT PRIMARY KEY NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE emails (
    id UUID PRIMARY KEY NOT NULL,
    to_address TEXT NOT NULL,
    template TEXT NOT NULL,
    context JSONB NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent')),
    dedupe_key TEXT UNIQUE,
    sent_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE analytics_events (
    id UUID PRIMARY KEY NOT NULL,
    event_type TEXT NOT NULL,
    user_id UUID,
    session_id TEXT,
    event_data JSONB NOT NULL DEFAULT '{}',
    page_url TEXT,
    referrer TEXT,
    user_agent TEXT,
    ip_address TEXT CHECK (ip_address IS NULL),
    country TEXT,
    city TEXT,
    device_type TEXT,
    browser TEXT,
    enriched_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX analytics_events_created ON analytics_events (created_at);

-- One row per scheduled run: whichever worker inserts it first runs the job, so a
-- schedule fires once however many workers run.
CREATE TABLE schedule_runs (
    task TEXT NOT NULL,
    slot BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (task, slot)
);

-- Newsletter sign-ups from the home page (exported by admins).
CREATE TABLE newsletter_subscribers (
    email TEXT PRIMARY KEY NOT NULL,
    source TEXT NOT NULL DEFAULT 'home',
    created_at TIMESTAMPTZ NOT NULL
);
