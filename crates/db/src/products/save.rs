//! The vendor's editor writing one product by id, at the version it read.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use super::write::{
    ProductInput, UpsertError, check_skus, insert_product, moved, set_sale_window, write_variation,
};
use super::{VARIATION_COLUMNS, VariationRow, refresh_rollups};
use crate::{DbError, Tx, on_tx};
use bazaar_domain::inventory::MovementReason;

/// Why the editor's save was refused.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("no such product in this store")]
    NotFound,
    /// The product changed since the version the editor read.
    #[error("the product was changed by someone else")]
    Stale,
    #[error("the slug is taken")]
    SlugTaken,
    #[error("SKU {sku} already belongs to product '{owner}'")]
    SkuTaken { sku: String, owner: String },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for SaveError {
    fn from(e: sqlx::Error) -> Self {
        SaveError::Db(DbError::classify(e))
    }
}

impl From<UpsertError> for SaveError {
    fn from(e: UpsertError) -> Self {
        match e {
            UpsertError::SkuTaken { sku, owner } => SaveError::SkuTaken { sku, owner },
            UpsertError::Db(e) => SaveError::Db(e),
        }
    }
}

/// A saved product: its id and the version the next save must name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    pub id: Uuid,
    pub version: i64,
}

/// Writes a vendor's product from their editor: a new one when `existing` is `None`,
/// else the product `id` of `input.vendor_id`'s store, only if it is still at `version`.
/// The variations become exactly `input.variations` (matched by SKU; ones left out are
/// deleted: order lines keep their own copy of what was bought). Platform-set fields
/// (featured, daily deal, creation time, owner) are left as they are.
pub async fn save(
    tx: &mut Tx,
    existing: Option<(Uuid, i64)>,
    input: &ProductInput,
    actor_id: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<Saved, SaveError> {
    let vendor_id = input.vendor_id;
    let except = existing.map(|(id, _)| id);
    let slug_owner = on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM products WHERE slug = $1 AND id <> $2",
    )
    .bind(&input.slug)
    .bind(except.unwrap_or(Uuid::nil()))
    .fetch_optional(conn)
    .await)?;
    if slug_owner.is_some() {
        return Err(SaveError::SlugTaken);
    }
    check_skus(tx, input, except).await?;
    let saved = match existing {
        None => {
            let id = Uuid::now_v7();
            insert_product(tx, id, input, now, None).await?;
            if input.variations.is_empty() {
                let after = input.stock_quantity;
                moved(
                    tx,
                    (id, None),
                    (0, after),
                    MovementReason::Manual,
                    actor_id,
                    now,
                )
                .await?;
            }
            Saved { id, version: 1 }
        }
        Some((id, version)) => {
            let before = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
                "SELECT stock_quantity FROM products WHERE id = $1 AND vendor_id = $2",
            )
            .bind(id)
            .bind(vendor_id)
            .fetch_optional(conn)
            .await)?
            .unwrap_or(0);
            let n = on_tx!(tx, conn => sqlx::query(
                "UPDATE products SET slug = $4, name = $5, brand = $6, category = $7, description = $8, \
                 price_cents = $9, sale_price_cents = $10, image_url = $11, videos = $12, status = $13, \
                 product_type = $14, max_owned_per_user = $15, stock_quantity = $16, sku = $17, \
                 images = $18, seo_title = $19, seo_description = $20, updated_at = $21, \
                 version = version + 1 WHERE id = $1 AND vendor_id = $2 AND version = $3",
            )
            .bind(id)
            .bind(vendor_id)
            .bind(version)
            .bind(&input.slug)
            .bind(&input.name)
            .bind(&input.brand)
            .bind(&input.category)
            .bind(&input.description)
            .bind(input.price.0)
            .bind(input.sale_price.map(|c| c.0))
            .bind(&input.image_url)
            .bind(Json(&input.videos))
            .bind(input.status.as_str())
            .bind(&input.product_type)
            .bind(input.max_owned_per_user)
            .bind(input.stock_quantity)
            .bind(&input.sku)
            .bind(Json(&input.images))
            .bind(&input.seo_title)
            .bind(&input.seo_description)
            .bind(now)
            .execute(conn).await?.rows_affected());
            if n == 0 {
                let exists = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
                    "SELECT version FROM products WHERE id = $1 AND vendor_id = $2",
                )
                .bind(id)
                .bind(vendor_id)
                .fetch_optional(conn)
                .await)?;
                return Err(match exists {
                    Some(_) => SaveError::Stale,
                    None => SaveError::NotFound,
                });
            }
            if input.variations.is_empty() {
                let after = input.stock_quantity;
                moved(
                    tx,
                    (id, None),
                    (before, after),
                    MovementReason::Manual,
                    actor_id,
                    now,
                )
                .await?;
            }
            Saved {
                id,
                version: version + 1,
            }
        }
    };
    let sql = format!("SELECT {VARIATION_COLUMNS} FROM product_variations WHERE product_id = $1");
    let stored = on_tx!(tx, conn => sqlx::query_as::<_, VariationRow>(sqlx::AssertSqlSafe(sql))
        .bind(saved.id)
        .fetch_all(conn)
        .await)?;
    for v in &input.variations {
        let (id, before) = match stored.iter().find(|row| row.sku == v.sku) {
            Some(row) if row.matches(v) => continue,
            Some(row) => {
                write_variation(tx, row.id, saved.id, v, now, false).await?;
                (row.id, row.stock_quantity)
            }
            None => {
                let id = Uuid::now_v7();
                write_variation(tx, id, saved.id, v, now, true).await?;
                (id, 0)
            }
        };
        let after = v.stock_quantity;
        moved(
            tx,
            (saved.id, Some(id)),
            (before, after),
            MovementReason::Manual,
            actor_id,
            now,
        )
        .await?;
    }
    for row in stored
        .iter()
        .filter(|row| !input.variations.iter().any(|v| v.sku == row.sku))
    {
        on_tx!(tx, conn => sqlx::query("DELETE FROM product_variations WHERE id = $1")
            .bind(row.id)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
    }
    set_sale_window(tx, saved.id, input, now).await?;
    refresh_rollups(tx, saved.id, now).await?;
    Ok(saved)
}
