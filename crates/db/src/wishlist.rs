//! Wishlists (SPEC.md §3, §7): a user's saved products, newest first, each at most once.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// One saved product with the summary the web shows.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Entry {
    pub id: Uuid,
    pub product_id: Uuid,
    pub created_at: DateTime<Utc>,
    pub name: String,
    pub slug: String,
    pub brand: String,
    pub category: String,
    pub image_url: Option<String>,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub min_price_cents: i64,
    pub max_price_cents: i64,
    pub has_variations: bool,
    pub available_stock: i64,
    /// False once the product is no longer sold; it stays listed so the user can remove it.
    pub listed: bool,
}

pub async fn list(db: &Db, user_id: Uuid) -> DbResult<Vec<Entry>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, Entry>(concat!(
        "SELECT w.id, w.product_id, w.created_at, p.name, p.slug, p.brand, p.category, p.image_url, \
         p.price_cents, ",
        crate::products::live_sale_sql!(),
        " AS sale_price_cents, p.min_price_cents, p.max_price_cents, p.has_variations, \
         p.available_stock, p.listed \
         FROM wishlists w JOIN products p ON p.id = w.product_id \
         WHERE w.user_id = $1 ORDER BY w.created_at DESC, w.id DESC",
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await)?)
}

/// Saves a listed product; `Conflict` when it is already saved, `NotFound` when the product
/// is not sold.
pub async fn add(tx: &mut Tx, user_id: Uuid, product_id: Uuid) -> DbResult<Uuid> {
    let listed = on_tx!(tx, conn => sqlx::query_scalar::<_, bool>("SELECT listed FROM products WHERE id = $1")
        .bind(product_id)
        .fetch_optional(conn)
        .await)?;
    if listed != Some(true) {
        return Err(DbError::NotFound);
    }
    let id = Uuid::now_v7();
    let n = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO wishlists (id, user_id, product_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, product_id) DO NOTHING",
    )
    .bind(id)
    .bind(user_id)
    .bind(product_id)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    if n == 0 {
        return Err(DbError::Conflict("already in wishlist".into()));
    }
    Ok(id)
}

/// Removes a product from the user's wishlist; `NotFound` when it was not there.
pub async fn remove(db: &Db, user_id: Uuid, product_id: Uuid) -> DbResult<()> {
    let n = on_db!(db, pool => sqlx::query("DELETE FROM wishlists WHERE user_id = $1 AND product_id = $2")
        .bind(user_id)
        .bind(product_id)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    if n == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}
