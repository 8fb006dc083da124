-- Changes to what public pages show. On PostgreSQL they travel by NOTIFY on the channel
-- `bazaar_changes` and this table stays empty; it exists so that both backends keep one
-- schema. See bazaar_db::changes.
CREATE TABLE change_log (
    id BIGSERIAL PRIMARY KEY,
    origin UUID NOT NULL,
    changes TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
