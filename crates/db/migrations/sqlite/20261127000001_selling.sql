-- Selling on bazaar: vendor applications and their history, versioned vendor agreements
-- and their acceptances, store owners and payout accounts, the admin audit log, and
-- notifications that are not about an order.
-- SQLite types: UUIDs are 16-byte BLOBs, timestamps RFC 3339 TEXT, JSON TEXT.

-- Who runs a store (seeded and imported stores may have nobody yet), the commission an admin
-- set for it (NULL: the agreement's), what it sells, and why it was suspended.
ALTER TABLE vendors ADD COLUMN user_id BLOB REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE vendors ADD COLUMN commission_rate_bps BIGINT;
ALTER TABLE vendors ADD COLUMN category_focus TEXT NOT NULL DEFAULT '';
ALTER TABLE vendors ADD COLUMN contact_phone TEXT;
ALTER TABLE vendors ADD COLUMN company_registration TEXT;
ALTER TABLE vendors ADD COLUMN vat_number TEXT;
ALTER TABLE vendors ADD COLUMN suspended_reason TEXT;
-- The store page as its owner customises it.
ALTER TABLE vendors ADD COLUMN store_banner_url TEXT;
ALTER TABLE vendors ADD COLUMN accent_color TEXT;
ALTER TABLE vendors ADD COLUMN return_policy TEXT NOT NULL DEFAULT '';
ALTER TABLE vendors ADD COLUMN social_links TEXT NOT NULL DEFAULT '{}';
CREATE UNIQUE INDEX vendors_user ON vendors (user_id) WHERE user_id IS NOT NULL;

-- Where a store's money is paid. The account number is only ever shown masked.
CREATE TABLE vendor_payout_accounts (
    vendor_id BLOB PRIMARY KEY NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    bank_name TEXT NOT NULL,
    account_holder TEXT NOT NULL,
    account_number TEXT NOT NULL,
    branch_code TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Versions of the vendor agreement; the highest version is the current one.
CREATE TABLE vendor_agreements (
    id BLOB PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    commission_rate_bps BIGINT NOT NULL CHECK (commission_rate_bps BETWEEN 0 AND 5000),
    payout_schedule TEXT NOT NULL,
    terms TEXT NOT NULL,
    published_by BLOB REFERENCES users (id) ON DELETE SET NULL,
    published_at TEXT NOT NULL
);

INSERT INTO vendor_agreements (id, version, title, commission_rate_bps, payout_schedule, terms, published_at)
VALUES (X'0190000000007000800000000000a001', 1, 'bazaar vendor agreement', 1000,
        'Weekly on Tuesdays, for orders delivered at least 7 days earlier', 'Selling on bazaar

You list only genuine goods you have the right to sell, priced in rand with VAT included where you are VAT registered. You dispatch paid orders within two business days and keep to the store''s delivery times, returns policy and the platform''s policies.

Commission

bazaar keeps the commission rate of this agreement on the goods value of every paid order line (shipping excluded); the rate is fixed on each line when it is paid.

Payouts

Balances from delivered orders are paid into the payout account on the schedule of this agreement, less commission, refunds and chargebacks.

Changes

bazaar may publish a new version of this agreement. You accept it before publishing products again; products already live stay live.', '2026-11-26T00:00:00+00:00');

-- A user accepting a version: when, and from which address.
CREATE TABLE vendor_agreement_acceptances (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    agreement_id BLOB NOT NULL REFERENCES vendor_agreements (id),
    accepted_at TEXT NOT NULL,
    accepted_from TEXT NOT NULL,
    UNIQUE (user_id, agreement_id)
);

CREATE TABLE vendor_applications (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('submitted', 'approved', 'rejected', 'changes_requested')),
    store_name TEXT NOT NULL,
    store_slug TEXT NOT NULL,
    description TEXT NOT NULL,
    category_focus TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    company_registration TEXT,
    vat_number TEXT,
    bank_name TEXT NOT NULL,
    account_holder TEXT NOT NULL,
    account_number TEXT NOT NULL,
    branch_code TEXT NOT NULL,
    agreement_id BLOB NOT NULL REFERENCES vendor_agreements (id),
    decision_message TEXT,
    decided_by BLOB REFERENCES users (id) ON DELETE SET NULL,
    decided_at TEXT,
    vendor_id BLOB REFERENCES vendors (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- One open application per user, and an open application holds its store address.
CREATE UNIQUE INDEX vendor_applications_open ON vendor_applications (user_id)
    WHERE status IN ('submitted', 'changes_requested');
CREATE UNIQUE INDEX vendor_applications_open_slug ON vendor_applications (store_slug)
    WHERE status IN ('submitted', 'changes_requested');
CREATE INDEX vendor_applications_status ON vendor_applications (status, submitted_at);
CREATE INDEX vendor_applications_user ON vendor_applications (user_id, created_at);

-- Every move of an application, oldest first: what the applicant's history shows.
CREATE TABLE vendor_application_events (
    id BLOB PRIMARY KEY NOT NULL,
    application_id BLOB NOT NULL REFERENCES vendor_applications (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    message TEXT,
    actor_id BLOB REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);

CREATE INDEX vendor_application_events_application ON vendor_application_events (application_id, created_at);

-- A store's media library: pictures and videos in media storage under `storage_key`, with
-- their WebP renditions (width and key) once the rendition job has made them.
CREATE TABLE media (
    id BLOB PRIMARY KEY NOT NULL,
    vendor_id BLOB NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
    content_type TEXT NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    bytes BIGINT NOT NULL,
    original_name TEXT NOT NULL,
    alt_text TEXT NOT NULL DEFAULT '',
    width BIGINT,
    height BIGINT,
    renditions TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE INDEX media_vendor ON media (vendor_id, created_at);

-- Every admin action, written in the transaction of the change.
CREATE TABLE audit_log (
    id BLOB PRIMARY KEY NOT NULL,
    actor_id BLOB REFERENCES users (id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    subject_type TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    details TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, created_at);

-- Notifications about applications have no order, a link to follow and their own dedupe
-- key. SQLite changes a CHECK by rebuilding the table.
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
    dedupe_key TEXT UNIQUE,
    UNIQUE (order_id, type)
);
INSERT INTO order_notifications_next (id, user_id, order_id, type, title, message, read, created_at)
    SELECT id, user_id, order_id, type, title, message, read, created_at FROM order_notifications;
DROP TABLE order_notifications;
ALTER TABLE order_notifications_next RENAME TO order_notifications;
CREATE INDEX order_notifications_user ON order_notifications (user_id, created_at);
