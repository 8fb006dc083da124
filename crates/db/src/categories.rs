//! Categories. Products name their category by slug.

use bazaar_domain::text::capitalise;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// A category that has at least one listed product (and an admin has not switched off).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryRow {
    pub slug: String,
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    pub product_count: i64,
}

/// Distinct categories of listed products, in display order, at most `limit`.
pub async fn list_active(db: &Db, limit: i64) -> DbResult<Vec<CategoryRow>> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, CategoryRow>(
        "SELECT p.category AS slug, COALESCE(MAX(c.name), '') AS name, \
                COALESCE(MAX(c.description), '') AS description, MAX(c.image_url) AS image_url, \
                COUNT(*) AS product_count \
         FROM products p LEFT JOIN categories c ON c.slug = p.category \
         WHERE p.listed = TRUE AND p.category <> '' AND COALESCE(c.active, TRUE) = TRUE \
         GROUP BY p.category \
         ORDER BY COALESCE(MAX(c.position), 1000000), p.category \
         LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await?);
    // Names are shown capitalised; a category known only from products gets one from its slug.
    Ok(rows
        .into_iter()
        .map(|mut r| {
            if r.name.trim().is_empty() {
                r.name = capitalise(&r.slug);
            }
            r
        })
        .collect())
}

#[derive(Debug, Clone)]
pub struct CategoryInput {
    pub slug: String,
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    pub position: i64,
}

/// Creates or updates a category by slug; returns whether anything changed.
pub async fn upsert(tx: &mut Tx, c: &CategoryInput, now: DateTime<Utc>) -> DbResult<bool> {
    let existing = on_tx!(tx, conn => sqlx::query_as::<_, (String, String, Option<String>, i64)>(
        "SELECT name, description, image_url, position FROM categories WHERE slug = $1",
    )
    .bind(&c.slug)
    .fetch_optional(conn)
    .await?);
    match existing {
        Some((name, description, image_url, position))
            if name == c.name
                && description == c.description
                && image_url == c.image_url
                && position == c.position =>
        {
            Ok(false)
        }
        Some(_) => {
            on_tx!(tx, conn => sqlx::query(
                "UPDATE categories SET name = $2, description = $3, image_url = $4, position = $5 WHERE slug = $1",
            )
            .bind(&c.slug)
            .bind(&c.name)
            .bind(&c.description)
            .bind(&c.image_url)
            .bind(c.position)
            .execute(conn).await?.rows_affected());
            tx.changed(crate::changes::Change::Categories);
            Ok(true)
        }
        None => {
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO categories (id, slug, name, description, image_url, position, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(Uuid::now_v7())
            .bind(&c.slug)
            .bind(&c.name)
            .bind(&c.description)
            .bind(&c.image_url)
            .bind(c.position)
            .bind(now)
            .execute(conn).await?.rows_affected());
            tx.changed(crate::changes::Change::Categories);
            Ok(true)
        }
    }
}

/// Whether a category with `slug` exists.
pub async fn exists(tx: &mut Tx, slug: &str) -> DbResult<bool> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM categories WHERE slug = $1")
        .bind(slug)
        .fetch_one(conn)
        .await?)
            > 0,
    )
}

/// Makes sure a category exists, creating it with a capitalised name; true if created.
pub async fn ensure(tx: &mut Tx, slug: &str, now: DateTime<Utc>) -> DbResult<bool> {
    if exists(tx, slug).await? {
        return Ok(false);
    }
    let input = CategoryInput {
        slug: slug.to_owned(),
        name: capitalise(slug),
        description: String::new(),
        image_url: None,
        position: 1000,
    };
    upsert(tx, &input, now).await
}
