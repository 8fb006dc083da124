-- A digital product carries its file in private media storage (`p/…`, never served under
-- /media/); buyers fetch it through signed, expiring links once their order is paid.
ALTER TABLE products ADD COLUMN digital_file_key TEXT;
ALTER TABLE products ADD COLUMN digital_file_name TEXT;
ALTER TABLE products ADD COLUMN digital_file_bytes BIGINT;
