-- The help centre (/help, /admin/help): articles written in Markdown, in categories, each
-- with the counts of its "Was this helpful?" answers. Only published articles are shown and
-- searched. A category cannot be deleted while it holds articles.
CREATE TABLE help_categories (
    id BLOB PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE help_articles (
    id BLOB PRIMARY KEY NOT NULL,
    category_id BLOB NOT NULL REFERENCES help_categories (id),
    title TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    summary TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    published BOOLEAN NOT NULL DEFAULT FALSE,
    position INTEGER NOT NULL DEFAULT 0,
    helpful_yes INTEGER NOT NULL DEFAULT 0,
    helpful_no INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX help_articles_category ON help_articles (category_id, position);
