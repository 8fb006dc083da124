//! Products and their variations: what customers can list and read ([`write`] holds the
//! upsert the importer and the seed use).
//!
//! Derived columns (`listed`, `min_price_cents`, `max_price_cents`, `on_sale`,
//! `available_stock`) are recomputed by [`refresh_rollups`] inside every write transaction
//! that touches a product or its variations, so reads never aggregate variations.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Bind, Binds, Db, DbError, DbResult, bind_all, on_db};

pub mod export;
pub mod files;
pub mod pictures;
mod rollups;
mod save;
pub mod search;
pub mod vendor;
pub mod write;

pub use rollups::{Rollups, compute_rollups, refresh_rollups, refresh_sale_windows};
pub use save::{SaveError, Saved, save};
pub use write::{
    ImportFacts, ProductInput, UpsertError, Upserted, VariationInput, id_by_slug, import_facts,
    sku_owner, upsert,
};

/// The sale price customers pay now, over `products p`: today's daily deal, else the sale
/// price while its window holds (`sale_live`, kept by writes and the scheduled refresh).
macro_rules! live_sale_sql {
    () => {
        "CASE WHEN p.deal_price_cents IS NOT NULL THEN p.deal_price_cents \
         WHEN p.sale_live THEN p.sale_price_cents END"
    };
}
pub(crate) use live_sale_sql;

/// Whether a product is a daily deal now: flagged by the platform, or today's approved deal.
macro_rules! daily_deal_sql {
    () => {
        "(p.daily_deal OR p.deal_price_cents IS NOT NULL)"
    };
}

/// Stock counted for a variation whose stock is not managed: always available.
pub const UNMANAGED_STOCK: i64 = 1_000_000;

/// What a card needs; lists read only these (`description` stays empty).
const SUMMARY_COLUMNS: &str = concat!(
    "p.id, p.slug, p.name, p.brand, p.category, \
    COALESCE(c.name, '') AS category_name, p.price_cents, ",
    live_sale_sql!(),
    " AS sale_price_cents, \
    p.image_url, p.videos, p.status, p.featured, ",
    daily_deal_sql!(),
    " AS daily_deal, p.has_variations, \
    p.stock_quantity, p.vendor_id, p.product_type, p.max_owned_per_user, p.min_price_cents, \
    p.max_price_cents, p.on_sale, p.available_stock, p.listed, p.created_at"
);

/// Everything, for a product page.
const PRODUCT_COLUMNS: &str = concat!(
    "p.id, p.slug, p.name, p.brand, p.category, \
    COALESCE(c.name, '') AS category_name, p.description, p.price_cents, ",
    live_sale_sql!(),
    " AS sale_price_cents, \
    p.image_url, p.videos, p.status, p.featured, ",
    daily_deal_sql!(),
    " AS daily_deal, p.has_variations, \
    p.stock_quantity, p.vendor_id, p.product_type, p.max_owned_per_user, p.min_price_cents, \
    p.max_price_cents, p.on_sale, p.available_stock, p.listed, p.created_at, p.updated_at"
);

const PRODUCT_FROM: &str = "FROM products p LEFT JOIN categories c ON c.slug = p.category";

/// A product row with its derived columns.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub brand: String,
    pub category: String,
    pub category_name: String,
    /// Empty in lists, which do not read it.
    #[sqlx(default)]
    pub description: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub image_url: Option<String>,
    pub videos: Json<Vec<String>>,
    pub status: String,
    pub featured: bool,
    pub daily_deal: bool,
    pub has_variations: bool,
    pub stock_quantity: i64,
    pub vendor_id: Option<Uuid>,
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    pub min_price_cents: i64,
    pub max_price_cents: i64,
    pub on_sale: bool,
    pub available_stock: i64,
    pub listed: bool,
    pub created_at: DateTime<Utc>,
    /// Not read by lists (then the Unix epoch).
    #[sqlx(default)]
    pub updated_at: DateTime<Utc>,
}

pub use bazaar_domain::product::{Attribute, Image};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VariationRow {
    pub id: Uuid,
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

pub(crate) const VARIATION_COLUMNS: &str = "id, product_id, sku, name, attributes, price_cents, \
    sale_price_cents, stock_quantity, weight_grams, dimensions, images, enabled, manage_stock";

/// How a product list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductSort {
    #[default]
    Newest,
    Featured,
    PriceAsc,
    PriceDesc,
}

impl ProductSort {
    fn order_by(self) -> &'static str {
        match self {
            ProductSort::Newest => "p.created_at DESC, p.id DESC",
            ProductSort::Featured => "p.featured DESC, p.created_at DESC, p.id DESC",
            ProductSort::PriceAsc => "p.min_price_cents ASC, p.id ASC",
            ProductSort::PriceDesc => "p.min_price_cents DESC, p.id DESC",
        }
    }
}

/// Filters over listed products; every field narrows the list.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    /// Category slugs; a product matches any of them.
    pub categories: Vec<String>,
    /// Brand, compared case-insensitively.
    pub brand: Option<String>,
    /// Vendor store slug.
    pub vendor_slug: Option<String>,
    pub featured: Option<bool>,
    pub daily_deal: Option<bool>,
    pub on_sale: Option<bool>,
    pub min_price_cents: Option<i64>,
    pub max_price_cents: Option<i64>,
    /// Only these products (recently viewed).
    pub ids: Option<Vec<Uuid>>,
    pub exclude_ids: Vec<Uuid>,
}

impl ProductFilter {
    fn where_clause(&self, binds: &mut Binds) -> String {
        let mut clauses = vec!["p.listed = TRUE".to_owned()];
        match self.categories.as_slice() {
            [] => {}
            // Equality keeps the (listed, category, created_at, id) index usable for ordering.
            [one] => clauses.push(format!(
                "p.category = {}",
                binds.push(Bind::Text(one.to_lowercase()))
            )),
            many => {
                let list: Vec<String> = many
                    .iter()
                    .map(|c| binds.push(Bind::Text(c.to_lowercase())))
                    .collect();
                clauses.push(format!("p.category IN ({})", list.join(", ")));
            }
        }
        if let Some(brand) = &self.brand {
            clauses.push(format!(
                "LOWER(p.brand) = {}",
                binds.push(Bind::Text(brand.to_lowercase()))
            ));
        }
        if let Some(vendor) = &self.vendor_slug {
            let slug = binds.push(Bind::Text(vendor.clone()));
            clauses.push(format!(
                "p.vendor_id = (SELECT v.id FROM vendors v WHERE v.store_slug = {slug})"
            ));
        }
        for (column, value) in [
            ("p.featured", self.featured),
            (daily_deal_sql!(), self.daily_deal),
            ("p.on_sale", self.on_sale),
        ] {
            if let Some(v) = value {
                clauses.push(format!("{column} = {}", binds.push(Bind::Bool(v))));
            }
        }
        if let Some(min) = self.min_price_cents {
            clauses.push(format!(
                "p.min_price_cents >= {}",
                binds.push(Bind::I64(min))
            ));
        }
        if let Some(max) = self.max_price_cents {
            clauses.push(format!(
                "p.min_price_cents <= {}",
                binds.push(Bind::I64(max))
            ));
        }
        if let Some(ids) = &self.ids {
            if ids.is_empty() {
                clauses.push("1 = 0".to_owned());
            } else {
                let list: Vec<String> = ids.iter().map(|id| binds.push(Bind::Uuid(*id))).collect();
                clauses.push(format!("p.id IN ({})", list.join(", ")));
            }
        }
        if !self.exclude_ids.is_empty() {
            let list: Vec<String> = self
                .exclude_ids
                .iter()
                .map(|id| binds.push(Bind::Uuid(*id)))
                .collect();
            clauses.push(format!("p.id NOT IN ({})", list.join(", ")));
        }
        clauses.join(" AND ")
    }
}

/// A page of a list: 1-based page number and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub per_page: u32,
}

impl PageRequest {
    pub(crate) fn offset(self) -> i64 {
        i64::from(self.page.saturating_sub(1)) * i64::from(self.per_page)
    }
}

/// Listed products matching `filter`, in `sort` order, one page of them.
pub async fn list_page(
    db: &Db,
    filter: &ProductFilter,
    sort: ProductSort,
    page: PageRequest,
) -> DbResult<Vec<ProductRow>> {
    let mut binds = Binds::default();
    let where_sql = filter.where_clause(&mut binds);
    let limit = binds.push(Bind::I64(i64::from(page.per_page)));
    let offset = binds.push(Bind::I64(page.offset()));
    let sql = format!(
        "SELECT {SUMMARY_COLUMNS} {PRODUCT_FROM} WHERE {where_sql} ORDER BY {} LIMIT {limit} OFFSET {offset}",
        sort.order_by()
    );
    Ok(
        on_db!(db, pool => bind_all!(sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await?),
    )
}

/// How many listed products match `filter`.
pub async fn count(db: &Db, filter: &ProductFilter) -> DbResult<i64> {
    let mut binds = Binds::default();
    let sql = format!(
        "SELECT COUNT(*) FROM products p WHERE {}",
        filter.where_clause(&mut binds)
    );
    Ok(
        on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_one(pool)
        .await?),
    )
}

/// A page of listed products and the total, counting only when the page does not already
/// tell (a first page shorter than its size holds everything).
pub async fn list(
    db: &Db,
    filter: &ProductFilter,
    sort: ProductSort,
    page: PageRequest,
) -> DbResult<(Vec<ProductRow>, i64)> {
    let rows = list_page(db, filter, sort, page).await?;
    let total = match total_from_page(page, rows.len()) {
        Some(total) => total,
        None => count(db, filter).await?,
    };
    Ok((rows, total))
}

/// The total implied by a page alone, when it is implied.
pub fn total_from_page(page: PageRequest, rows: usize) -> Option<i64> {
    (page.page == 1 && (rows as u32) < page.per_page).then_some(rows as i64)
}

/// A listed product by slug, or by id when `key` is a UUID.
pub async fn find_listed(db: &Db, key: &str) -> DbResult<ProductRow> {
    let (column, bind) = match Uuid::parse_str(key) {
        Ok(id) => ("p.id", Bind::Uuid(id)),
        Err(_) => ("p.slug", Bind::Text(key.to_owned())),
    };
    let sql =
        format!("SELECT {PRODUCT_COLUMNS} {PRODUCT_FROM} WHERE {column} = $1 AND p.listed = TRUE");
    on_db!(db, pool => bind_all!(sqlx::query_as::<_, ProductRow>(sqlx::AssertSqlSafe(sql)), [&bind])
        .fetch_optional(pool)
        .await?)
    .ok_or(DbError::NotFound)
}

/// The enabled variations of a product, ordered by name.
pub async fn enabled_variations(db: &Db, product_id: Uuid) -> DbResult<Vec<VariationRow>> {
    // A variation's sale price counts while the product's sale window holds.
    let sql = "SELECT v.id, v.product_id, v.sku, v.name, v.attributes, v.price_cents, \
         CASE WHEN p.sale_live THEN v.sale_price_cents END AS sale_price_cents, v.stock_quantity, \
         v.weight_grams, v.dimensions, v.images, v.enabled, v.manage_stock \
         FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.product_id = $1 AND v.enabled = TRUE ORDER BY v.name, v.sku";
    Ok(on_db!(db, pool => sqlx::query_as::<_, VariationRow>(sql)
        .bind(product_id)
        .fetch_all(pool)
        .await?))
}

/// Recommendations (SPEC.md §7): listed products in the categories of the first three
/// recently viewed ids, newest first, at most 16, shuffled, excluding the viewed ones,
/// take `take`; topped up with other listed products, newest first.
pub async fn recommendations(db: &Db, viewed: &[Uuid], take: u32) -> DbResult<Vec<ProductRow>> {
    use rand::seq::SliceRandom;

    let first_three: Vec<Uuid> = viewed.iter().take(3).copied().collect();
    let categories = categories_of(db, &first_three).await?;
    let mut picked = Vec::new();
    if !categories.is_empty() {
        let filter = ProductFilter {
            categories,
            exclude_ids: viewed.to_vec(),
            ..Default::default()
        };
        let (mut rows, _) = list(
            db,
            &filter,
            ProductSort::Newest,
            PageRequest {
                page: 1,
                per_page: 16,
            },
        )
        .await?;
        rows.shuffle(&mut rand::rng());
        rows.truncate(take as usize);
        picked = rows;
    }
    if picked.len() < take as usize {
        let mut exclude = viewed.to_vec();
        exclude.extend(picked.iter().map(|p| p.id));
        let filter = ProductFilter {
            exclude_ids: exclude,
            ..Default::default()
        };
        let missing = take - picked.len() as u32;
        let (rows, _) = list(
            db,
            &filter,
            ProductSort::Newest,
            PageRequest {
                page: 1,
                per_page: missing,
            },
        )
        .await?;
        picked.extend(rows);
    }
    Ok(picked)
}

async fn categories_of(db: &Db, ids: &[Uuid]) -> DbResult<Vec<String>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut binds = Binds::default();
    let list: Vec<String> = ids.iter().map(|id| binds.push(Bind::Uuid(*id))).collect();
    let sql = format!(
        "SELECT DISTINCT category FROM products WHERE listed = TRUE AND category <> '' AND id IN ({})",
        list.join(", ")
    );
    Ok(
        on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await?),
    )
}

/// Slugs of every listed product with its last change, for the sitemap.
pub async fn listed_slugs(
    db: &Db,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<(String, DateTime<Utc>)>> {
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (String, DateTime<Utc>)>(
        "SELECT slug, updated_at FROM products WHERE listed = TRUE ORDER BY created_at, id LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?),
    )
}

pub async fn count_listed(db: &Db) -> DbResult<i64> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM products WHERE listed = TRUE")
        .fetch_one(pool)
        .await?),
    )
}
