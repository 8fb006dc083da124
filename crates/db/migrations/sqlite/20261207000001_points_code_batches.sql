-- Batches of single-use points codes that admins make, hand out (exported as CSV) and may
-- disable. A code of a batch goes to the first customer who redeems it: `redeemed_at` is
-- set by one conditional update, so two customers cannot both have it. Codes without a
-- batch (the seeds') stay once per customer, for any number of customers.
CREATE TABLE points_code_batches (
    id BLOB PRIMARY KEY NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    points INTEGER NOT NULL CHECK (points > 0),
    size INTEGER NOT NULL CHECK (size > 0),
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by BLOB REFERENCES users (id) ON DELETE SET NULL,
    disabled_at TEXT
);
CREATE INDEX points_code_batches_created ON points_code_batches (created_at);

ALTER TABLE points_codes ADD COLUMN batch_id BLOB REFERENCES points_code_batches (id) ON DELETE CASCADE;
ALTER TABLE points_codes ADD COLUMN redeemed_at TEXT;
CREATE INDEX points_codes_batch ON points_codes (batch_id, code) WHERE batch_id IS NOT NULL;
