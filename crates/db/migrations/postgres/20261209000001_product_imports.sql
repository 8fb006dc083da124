-- Product files uploaded from /admin/import and /vendor/products/import. The file itself is
-- kept in private media storage under `file_key`; a job checks it (a dry run) and, once
-- confirmed, imports it, writing `done` as it goes so the page shows progress. `rows` holds
-- up to 200 rows of the latest finished phase's report (rejected first); the whole report is
-- a CSV in media storage under `report_key`.
CREATE TABLE product_imports (
    id UUID PRIMARY KEY NOT NULL,
    vendor_id UUID REFERENCES vendors (id) ON DELETE CASCADE,
    -- Whether the products go to `vendor_id` by a vendor's own upload (the store's rules
    -- apply) rather than by an admin's choice.
    by_vendor BOOLEAN NOT NULL,
    file_name TEXT NOT NULL,
    file_key TEXT NOT NULL,
    format TEXT CHECK (format IN ('woocommerce', 'shopify', 'csv', 'json')),
    status TEXT NOT NULL CHECK (status IN ('checking', 'checked', 'importing', 'done', 'failed', 'discarded')),
    total BIGINT,
    done BIGINT NOT NULL DEFAULT 0,
    phase_started_at TIMESTAMPTZ,
    check_summary JSONB,
    result_summary JSONB,
    error TEXT,
    rows JSONB NOT NULL,
    rows_total BIGINT NOT NULL DEFAULT 0,
    report_key TEXT,
    created_by UUID REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);
CREATE INDEX product_imports_created ON product_imports (created_at);
CREATE INDEX product_imports_vendor ON product_imports (vendor_id, created_at);
