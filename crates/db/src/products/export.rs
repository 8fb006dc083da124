//! Products as they are stored, read a page at a time in slug order, for `bazaar export`.

use bazaar_domain::product::{Attribute, Image};
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, on_db};

/// A product with what an import would need to write it again.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ExportProduct {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub brand: String,
    pub category: String,
    /// The category's name, when it is one of the catalogue's categories.
    pub category_name: Option<String>,
    /// The owning store's slug; none for a house product.
    pub vendor: Option<String>,
    pub description: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub sale_starts_at: Option<DateTime<Utc>>,
    pub sale_ends_at: Option<DateTime<Utc>>,
    pub image_url: Option<String>,
    pub videos: Json<Vec<String>>,
    pub status: String,
    pub featured: bool,
    pub daily_deal: bool,
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    pub stock_quantity: i64,
    pub sku: Option<String>,
    pub images: Json<Vec<Image>>,
    pub seo_title: String,
    pub seo_description: String,
    pub created_at: DateTime<Utc>,
}

/// A variation as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ExportVariation {
    pub product_id: Uuid,
    pub sku: String,
    pub name: String,
    pub attributes: Json<Vec<Attribute>>,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub stock_quantity: i64,
    pub weight_grams: Option<i64>,
    pub dimensions: Option<Json<serde_json::Value>>,
    pub images: Json<Vec<String>>,
    pub enabled: bool,
    pub manage_stock: bool,
}

/// Narrows a page to one store's products when `$2` is true.
const OWNED: &str = "($2 = FALSE OR p.vendor_id = $3)";

/// Up to `limit` products after `after` (by slug), of `vendor`'s store when given, with their
/// variations (by SKU).
pub async fn page(
    db: &Db,
    vendor: Option<Uuid>,
    after: &str,
    limit: i64,
) -> DbResult<Vec<(ExportProduct, Vec<ExportVariation>)>> {
    let sql = format!(
        "SELECT p.id, p.slug, p.name, p.brand, p.category, c.name AS category_name, v.store_slug AS vendor, p.description, \
         p.price_cents, p.sale_price_cents, p.sale_starts_at, p.sale_ends_at, p.image_url, p.videos, \
         p.status, p.featured, p.daily_deal, p.product_type, p.max_owned_per_user, p.stock_quantity, \
         p.sku, p.images, p.seo_title, p.seo_description, p.created_at \
         FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id \
         LEFT JOIN categories c ON c.slug = p.category \
         WHERE p.slug > $1 AND {OWNED} ORDER BY p.slug LIMIT $4"
    );
    let products = on_db!(db, pool => sqlx::query_as::<_, ExportProduct>(sqlx::AssertSqlSafe(sql))
        .bind(after)
        .bind(vendor.is_some())
        .bind(vendor.unwrap_or_default())
        .bind(limit)
        .fetch_all(pool)
        .await?);
    let Some(last) = products.last().map(|p| p.slug.clone()) else {
        return Ok(Vec::new());
    };
    let sql = format!(
        "SELECT pv.product_id, pv.sku, pv.name, pv.attributes, pv.price_cents, pv.sale_price_cents, \
         pv.stock_quantity, pv.weight_grams, pv.dimensions, pv.images, pv.enabled, pv.manage_stock \
         FROM product_variations pv JOIN products p ON p.id = pv.product_id \
         WHERE p.slug > $1 AND {OWNED} AND p.slug <= $4 ORDER BY p.slug, pv.sku"
    );
    let mut variations =
        on_db!(db, pool => sqlx::query_as::<_, ExportVariation>(sqlx::AssertSqlSafe(sql))
        .bind(after)
        .bind(vendor.is_some())
        .bind(vendor.unwrap_or_default())
        .bind(&last)
        .fetch_all(pool)
        .await?)
        .into_iter()
        .peekable();
    Ok(products
        .into_iter()
        .map(|p| {
            let mut own = Vec::new();
            while let Some(v) = variations.next_if(|v| v.product_id == p.id) {
                own.push(v);
            }
            (p, own)
        })
        .collect())
}
