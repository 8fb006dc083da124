-- The commission taken on each order line, fixed when the order is paid.
ALTER TABLE order_items ADD COLUMN commission_bps BIGINT;
ALTER TABLE order_items ADD COLUMN commission_cents BIGINT NOT NULL DEFAULT 0;

-- The books (bazaar_domain::ledger): journals of postings that add up to zero. Rows are
-- only ever inserted; balances are sums.
CREATE TABLE ledger_journals (
    id UUID PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('sale', 'fee', 'cancellation', 'release', 'refund', 'payout', 'payout_paid', 'payout_failed', 'adjustment')),
    -- One journal per event: 'sale:<order>', 'release:<part>', 'payout:<payout>', …
    dedupe_key TEXT UNIQUE,
    order_id UUID REFERENCES orders (id) ON DELETE SET NULL,
    part_id UUID REFERENCES order_parts (id) ON DELETE SET NULL,
    payout_id UUID,
    vendor_id UUID REFERENCES vendors (id),
    actor_id UUID REFERENCES users (id) ON DELETE SET NULL,
    memo TEXT NOT NULL DEFAULT '',
    -- When the journal counts (a release is dated N days after delivery).
    effective_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX ledger_journals_vendor ON ledger_journals (vendor_id, effective_at);

CREATE TABLE ledger_entries (
    id UUID PRIMARY KEY NOT NULL,
    journal_id UUID NOT NULL REFERENCES ledger_journals (id),
    account TEXT NOT NULL CHECK (account IN ('gateway', 'points_funding', 'commission', 'platform_sales', 'payment_fees', 'refunds_due', 'vendor_pending', 'vendor_available', 'payouts_in_transit', 'adjustments')),
    vendor_id UUID REFERENCES vendors (id),
    amount_cents BIGINT NOT NULL,
    effective_at TIMESTAMPTZ NOT NULL,
    CHECK ((account IN ('vendor_pending', 'vendor_available')) = (vendor_id IS NOT NULL))
);

CREATE INDEX ledger_entries_journal ON ledger_entries (journal_id);
CREATE INDEX ledger_entries_vendor ON ledger_entries (vendor_id, account, effective_at);

-- Payout runs: one payout per vendor whose available balance passed the minimum, with
-- the bank details as they were, for the bank file.
CREATE TABLE payout_runs (
    id UUID PRIMARY KEY NOT NULL,
    created_by UUID REFERENCES users (id) ON DELETE SET NULL,
    minimum_cents BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE payouts (
    id UUID PRIMARY KEY NOT NULL,
    run_id UUID NOT NULL REFERENCES payout_runs (id),
    vendor_id UUID NOT NULL REFERENCES vendors (id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'paid', 'failed')),
    account_holder TEXT NOT NULL,
    account_number TEXT NOT NULL,
    branch_code TEXT NOT NULL,
    reference TEXT NOT NULL,
    failure_reason TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    settled_at TIMESTAMPTZ
);

CREATE INDEX payouts_run ON payouts (run_id);
CREATE INDEX payouts_vendor ON payouts (vendor_id, created_at);
