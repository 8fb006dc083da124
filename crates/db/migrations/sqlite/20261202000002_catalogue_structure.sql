-- Admins keep the catalogue's structure: categories form a tree (a parent, an order, on or
-- off the storefront) and categories and global attributes carry a version so two admins'
-- edits do not overwrite each other.
ALTER TABLE categories ADD COLUMN parent_id BLOB REFERENCES categories (id) ON DELETE SET NULL;
ALTER TABLE categories ADD COLUMN active BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE categories ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
CREATE INDEX categories_parent ON categories (parent_id, position);
ALTER TABLE global_attributes ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
