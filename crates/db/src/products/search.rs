//! What the search index needs of products: listed products with their category and vendor
//! names and the price customers pay.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, on_db};

/// One listed product as the search index sees it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SearchRow {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub brand: String,
    pub category: String,
    pub category_name: Option<String>,
    pub vendor_slug: Option<String>,
    pub vendor_name: Option<String>,
    pub min_price_cents: i64,
    pub on_sale: bool,
    pub featured: bool,
    pub image_url: Option<String>,
    pub created_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT p.id, p.slug, p.name, p.description, p.brand, p.category, \
    c.name AS category_name, v.store_slug AS vendor_slug, v.store_name AS vendor_name, \
    p.min_price_cents, p.on_sale, p.featured, p.image_url, p.created_at \
    FROM products p LEFT JOIN categories c ON c.slug = p.category \
    LEFT JOIN vendors v ON v.id = p.vendor_id";

/// The listed products among `ids` (the rest are unlisted or gone: remove them from the
/// index), a few hundred per query.
pub async fn rows_for(db: &Db, ids: &[Uuid]) -> DbResult<Vec<SearchRow>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let mut binds = crate::Binds::default();
        let list: Vec<String> = chunk
            .iter()
            .map(|id| binds.push(crate::Bind::Uuid(*id)))
            .collect();
        let sql = format!(
            "{SELECT} WHERE p.listed = TRUE AND p.id IN ({})",
            list.join(", ")
        );
        let rows = on_db!(db, pool => crate::bind_all!(
            sqlx::query_as::<_, SearchRow>(sqlx::AssertSqlSafe(sql)),
            &binds.0
        )
        .fetch_all(pool)
        .await)?;
        out.extend(rows);
    }
    Ok(out)
}

/// Every product (listed or not) changed at or after `since`: what a rebuild of the index
/// that read the catalogue meanwhile may have missed.
pub async fn ids_changed_since(db: &Db, since: DateTime<Utc>) -> DbResult<Vec<Uuid>> {
    let ids = on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM products WHERE updated_at >= $1",
    )
    .bind(since)
    .fetch_all(pool)
    .await)?;
    Ok(ids)
}

/// A page of listed products in id order after `after` (for a full reindex).
pub async fn rows_after(db: &Db, after: Option<Uuid>, limit: i64) -> DbResult<Vec<SearchRow>> {
    let sql = format!("{SELECT} WHERE p.listed = TRUE AND p.id > $1 ORDER BY p.id LIMIT $2");
    let rows = on_db!(db, pool => sqlx::query_as::<_, SearchRow>(sqlx::AssertSqlSafe(sql))
        .bind(after.unwrap_or(Uuid::nil()))
        .bind(limit)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

pub async fn listed_count(db: &Db) -> DbResult<i64> {
    let n = on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM products WHERE listed = TRUE",
    )
    .fetch_one(pool)
    .await)?;
    Ok(n)
}

/// Every product of a vendor, listed or not (a vendor change may list or unlist them all).
pub async fn ids_of_vendor(db: &Db, vendor_id: Uuid) -> DbResult<Vec<Uuid>> {
    let ids = on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM products WHERE vendor_id = $1",
    )
    .bind(vendor_id)
    .fetch_all(pool)
    .await)?;
    Ok(ids)
}

/// Up to 5 listed products whose name contains `q`, case-insensitively: the suggestion
/// query of SPEC.md, used when the search index is unavailable.
pub async fn name_matches(db: &Db, q: &str, limit: i64) -> DbResult<Vec<SearchRow>> {
    let pattern = crate::contains_pattern(q);
    let sql = format!(
        "{SELECT} WHERE p.listed = TRUE AND LOWER(p.name) LIKE $1 ESCAPE '\\' \
         ORDER BY p.created_at DESC, p.id DESC LIMIT $2"
    );
    let rows = on_db!(db, pool => sqlx::query_as::<_, SearchRow>(sqlx::AssertSqlSafe(sql))
        .bind(pattern)
        .bind(limit)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

/// Listed products among `ids` as list rows, in the order of `ids` (search hits are
/// shown with the same card data as every other list).
pub async fn summaries_in_order(db: &Db, ids: &[Uuid]) -> DbResult<Vec<super::ProductRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {} {} WHERE p.listed = TRUE AND p.id IN ({})",
        super::SUMMARY_COLUMNS,
        super::PRODUCT_FROM,
        placeholders.join(", ")
    );
    let binds: Vec<crate::Bind> = ids.iter().map(|id| crate::Bind::Uuid(*id)).collect();
    let rows = on_db!(db, pool => crate::bind_all!(
        sqlx::query_as::<_, super::ProductRow>(sqlx::AssertSqlSafe(sql.clone())),
        &binds
    )
    .fetch_all(pool)
    .await)?;
    let mut by_id: std::collections::HashMap<Uuid, super::ProductRow> =
        rows.into_iter().map(|r| (r.id, r)).collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}
