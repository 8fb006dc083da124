//! The catalogue's structure as admins keep it: the category tree (each category with how
//! many products name it) and the global attributes.

use bazaar_domain::taxonomy::{AttributeDraft, CategoryDraft};
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminCategory {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    pub parent_id: Option<Uuid>,
    pub position: i64,
    pub active: bool,
    pub version: i64,
    /// Products of any status that name it.
    pub product_count: i64,
}

const SELECT: &str = "SELECT c.id, c.slug, c.name, c.description, c.image_url, c.parent_id, c.position, \
    c.active, c.version, (SELECT COUNT(*) FROM products p WHERE p.category = c.slug) AS product_count \
    FROM categories c";

/// Every category, parents before children is left to the caller: by position, then name.
pub async fn categories(db: &Db) -> DbResult<Vec<AdminCategory>> {
    let sql = format!("{SELECT} ORDER BY c.position, c.name");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, AdminCategory>(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?),
    )
}

pub async fn category_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<AdminCategory>> {
    let sql = format!("{SELECT} WHERE c.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, AdminCategory>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// Every category's parent, for the tree rules.
pub async fn parents_in(tx: &mut Tx) -> DbResult<std::collections::HashMap<Uuid, Option<Uuid>>> {
    let rows = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, Option<Uuid>)>("SELECT id, parent_id FROM categories")
        .fetch_all(conn).await?);
    Ok(rows.into_iter().collect())
}

/// Creates a category; a slug in use is [`DbError::Conflict`].
pub async fn create_category(tx: &mut Tx, d: &CategoryDraft, now: DateTime<Utc>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO categories (id, slug, name, description, image_url, parent_id, position, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id).bind(&d.slug).bind(&d.name).bind(&d.description).bind(&d.image_url).bind(d.parent_id)
    .bind(d.position).bind(d.active).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    tx.changed(crate::changes::Change::Categories);
    Ok(id)
}

/// Updates a category read at version `seen`; false when it changed since. Products
/// naming its old slug follow a new one.
pub async fn update_category(
    tx: &mut Tx,
    id: Uuid,
    old_slug: &str,
    d: &CategoryDraft,
    seen: i64,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE categories SET slug = $2, name = $3, description = $4, image_url = $5, parent_id = $6, \
         position = $7, active = $8, version = version + 1 WHERE id = $1 AND version = $9",
    )
    .bind(id).bind(&d.slug).bind(&d.name).bind(&d.description).bind(&d.image_url).bind(d.parent_id)
    .bind(d.position).bind(d.active).bind(seen)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    if n == 1 && old_slug != d.slug {
        move_products(tx, old_slug, &d.slug).await?;
    }
    tx.changed(crate::changes::Change::Categories);
    Ok(n == 1)
}

/// Moves every product naming category `from` to `to` (`""`: none); the products moved.
pub async fn move_products(tx: &mut Tx, from: &str, to: &str) -> DbResult<Vec<Uuid>> {
    let ids = on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM products WHERE category = $1")
        .bind(from).fetch_all(conn).await?);
    on_tx!(tx, conn => sqlx::query("UPDATE products SET category = $2, version = version + 1 WHERE category = $1")
        .bind(from).bind(to).execute(conn).await?.rows_affected());
    if !ids.is_empty() {
        tx.changed(crate::changes::Change::Products { ids: ids.clone() });
    }
    Ok(ids)
}

/// Removes a category: its children move up to its parent. The caller moves its products
/// first.
pub async fn delete_category(tx: &mut Tx, id: Uuid, parent: Option<Uuid>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE categories SET parent_id = $2, version = version + 1 WHERE parent_id = $1")
        .bind(id).bind(parent).execute(conn).await?.rows_affected());
    let n = on_tx!(tx, conn => sqlx::query("DELETE FROM categories WHERE id = $1")
        .bind(id).execute(conn).await?.rows_affected());
    if n == 0 {
        return Err(DbError::NotFound);
    }
    tx.changed(crate::changes::Change::Categories);
    Ok(())
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminAttribute {
    pub id: Uuid,
    pub name: String,
    pub attribute_values: Json<Vec<String>>,
    pub position: i64,
    pub version: i64,
}

const ATTRIBUTE: &str =
    "SELECT id, name, attribute_values, position, version FROM global_attributes";

pub async fn attributes(db: &Db) -> DbResult<Vec<AdminAttribute>> {
    let sql = format!("{ATTRIBUTE} ORDER BY position, name");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, AdminAttribute>(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?),
    )
}

pub async fn attribute_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<AdminAttribute>> {
    let sql = format!("{ATTRIBUTE} WHERE id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, AdminAttribute>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// Creates an attribute; a name in use is [`DbError::Conflict`].
pub async fn create_attribute(
    tx: &mut Tx,
    d: &AttributeDraft,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO global_attributes (id, name, attribute_values, position, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id).bind(&d.name).bind(Json(&d.values)).bind(d.position).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    Ok(id)
}

/// Updates an attribute read at version `seen`; false when it changed since.
pub async fn update_attribute(
    tx: &mut Tx,
    id: Uuid,
    d: &AttributeDraft,
    seen: i64,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE global_attributes SET name = $2, attribute_values = $3, position = $4, version = version + 1 \
         WHERE id = $1 AND version = $5",
    )
    .bind(id).bind(&d.name).bind(Json(&d.values)).bind(d.position).bind(seen)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    Ok(n == 1)
}

pub async fn delete_attribute(tx: &mut Tx, id: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query("DELETE FROM global_attributes WHERE id = $1")
        .bind(id).execute(conn).await?.rows_affected());
    Ok(n == 1)
}

/// The products filed under a category's address.
pub async fn products_in_category(tx: &mut Tx, slug: &str) -> DbResult<Vec<Uuid>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM products WHERE category = $1")
        .bind(slug).fetch_all(conn).await?),
    )
}
