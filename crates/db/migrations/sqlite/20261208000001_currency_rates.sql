-- Display currencies get the rate admins set: how many of the currency one rand buys, in
-- millionths (0.054321 USD is 54321), so prices can be shown approximately in it.
-- Countries are the ones delivered to: addresses are checked as South African ones, so
-- South Africa is the only one on.
ALTER TABLE currencies ADD COLUMN rate_ppm BIGINT CHECK (rate_ppm IS NULL OR rate_ppm > 0);
UPDATE currencies SET rate_ppm = 1000000 WHERE code = 'ZAR';
UPDATE countries SET enabled = (code = 'ZA');
