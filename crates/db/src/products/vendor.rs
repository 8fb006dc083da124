//! A vendor's own catalogue: every query here is scoped to one store, so another store's
//! product reads as missing.

use bazaar_domain::catalogue::ProductStatus;
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use super::{Image, PageRequest, VARIATION_COLUMNS, VariationRow};
use crate::{Bind, Binds, Db, DbResult, Tx, bind_all, on_db, on_tx};

/// How the vendor's list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VendorSort {
    /// Most recently changed first.
    #[default]
    Updated,
    Newest,
    Name,
    PriceAsc,
    PriceDesc,
    StockAsc,
}

impl VendorSort {
    fn order_by(self) -> &'static str {
        match self {
            VendorSort::Updated => "p.updated_at DESC, p.id DESC",
            VendorSort::Newest => "p.created_at DESC, p.id DESC",
            VendorSort::Name => "LOWER(p.name) ASC, p.id ASC",
            VendorSort::PriceAsc => "p.min_price_cents ASC, p.id ASC",
            VendorSort::PriceDesc => "p.min_price_cents DESC, p.id DESC",
            VendorSort::StockAsc => "p.available_stock ASC, p.id ASC",
        }
    }
}

/// What the vendor's list shows; every field narrows it.
#[derive(Debug, Clone, Default)]
pub struct VendorFilter {
    /// Matches the name, slug or SKU (of the product or one of its variations).
    pub q: Option<String>,
    pub status: Option<ProductStatus>,
}

impl VendorFilter {
    fn where_clause(&self, vendor_id: Uuid, binds: &mut Binds) -> String {
        let mut clauses = vec![format!(
            "p.vendor_id = {}",
            binds.push(Bind::Uuid(vendor_id))
        )];
        match self.status {
            Some(s) => clauses.push(format!(
                "p.status = {}",
                binds.push(Bind::Text(s.as_str().to_owned()))
            )),
            // Archived products stay out of the way unless asked for.
            None => clauses.push("p.status <> 'archived'".to_owned()),
        }
        if let Some(q) = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
            let like = binds.push(Bind::Text(crate::contains_pattern(q)));
            let sku = binds.push(Bind::Text(q.to_uppercase()));
            // Everything but the variations' SKUs is in `products_vendor_find`, so neither
            // the count nor the search reads the table; the variation SKU is one index lookup.
            clauses.push(format!(
                "(LOWER(p.name) LIKE {like} ESCAPE '\\' OR p.slug LIKE {like} ESCAPE '\\' \
                 OR p.sku = {sku} OR p.id IN (SELECT v.product_id FROM product_variations v \
                 WHERE v.sku = {sku}))"
            ));
        }
        clauses.join(" AND ")
    }
}

/// One line of the vendor's list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VendorProductLine {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub status: String,
    pub sku: Option<String>,
    pub image_url: Option<String>,
    pub category: String,
    pub product_type: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub min_price_cents: i64,
    pub max_price_cents: i64,
    pub has_variations: bool,
    pub variation_count: i64,
    pub available_stock: i64,
    pub listed: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A page of the vendor's products and how many match in all.
pub async fn list(
    db: &Db,
    vendor_id: Uuid,
    filter: &VendorFilter,
    sort: VendorSort,
    page: PageRequest,
) -> DbResult<(Vec<VendorProductLine>, i64)> {
    let mut binds = Binds::default();
    let where_sql = filter.where_clause(vendor_id, &mut binds);
    let count_sql = format!("SELECT COUNT(*) FROM products p WHERE {where_sql}");
    let total = on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), &binds.0)
        .fetch_one(pool)
        .await)?;
    let limit = binds.push(Bind::I64(i64::from(page.per_page)));
    let offset = binds.push(Bind::I64(page.offset()));
    let sql = format!(
        "SELECT p.id, p.slug, p.name, p.status, p.sku, p.image_url, p.category, p.product_type, \
         p.price_cents, p.sale_price_cents, p.min_price_cents, p.max_price_cents, p.has_variations, \
         (SELECT COUNT(*) FROM product_variations v WHERE v.product_id = p.id) AS variation_count, \
         p.available_stock, p.listed, p.version, p.created_at, p.updated_at \
         FROM products p WHERE {where_sql} ORDER BY {} LIMIT {limit} OFFSET {offset}",
        sort.order_by()
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as::<_, VendorProductLine>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}

/// Everything the editor shows of one product.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EditableProduct {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub slug: String,
    pub name: String,
    pub brand: String,
    pub category: String,
    pub description: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub sale_starts_at: Option<DateTime<Utc>>,
    pub sale_ends_at: Option<DateTime<Utc>>,
    pub digital_file_name: Option<String>,
    pub digital_file_bytes: Option<i64>,
    pub images: Json<Vec<Image>>,
    pub videos: Json<Vec<String>>,
    pub status: String,
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    pub stock_quantity: i64,
    pub sku: Option<String>,
    pub seo_title: String,
    pub seo_description: String,
    pub available_stock: i64,
    pub listed: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const EDITABLE_COLUMNS: &str = "id, vendor_id, slug, name, brand, category, description, \
    price_cents, sale_price_cents, sale_starts_at, sale_ends_at, digital_file_name, \
    digital_file_bytes, images, videos, status, \
    product_type, max_owned_per_user, stock_quantity, sku, seo_title, seo_description, available_stock, listed, version, \
    created_at, updated_at";

/// One of the vendor's products with its variations (in the order they were made);
/// `None` when the store has no such product.
pub async fn get(
    db: &Db,
    vendor_id: Uuid,
    product_id: Uuid,
) -> DbResult<Option<(EditableProduct, Vec<VariationRow>)>> {
    let sql = format!("SELECT {EDITABLE_COLUMNS} FROM products WHERE id = $1 AND vendor_id = $2");
    let product = on_db!(db, pool => sqlx::query_as::<_, EditableProduct>(sqlx::AssertSqlSafe(sql))
        .bind(product_id)
        .bind(vendor_id)
        .fetch_optional(pool)
        .await)?;
    let Some(product) = product else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT {VARIATION_COLUMNS} FROM product_variations WHERE product_id = $1 ORDER BY created_at, id"
    );
    let variations = on_db!(db, pool => sqlx::query_as::<_, VariationRow>(sqlx::AssertSqlSafe(sql))
        .bind(product_id)
        .fetch_all(pool)
        .await)?;
    Ok(Some((product, variations)))
}

/// What a status change needs to know of a product, locked for the change.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StatusFacts {
    pub id: Uuid,
    pub status: String,
    pub version: i64,
    /// When it first went on sale; never, for a product still waiting for review.
    pub published_at: Option<DateTime<Utc>>,
}

/// The store's products among `ids`, as they are now (others are left out).
pub async fn status_facts(
    tx: &mut Tx,
    vendor_id: Uuid,
    ids: &[Uuid],
) -> DbResult<Vec<StatusFacts>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let row = on_tx!(tx, conn => sqlx::query_as::<_, StatusFacts>(
            "SELECT id, status, version, published_at FROM products WHERE id = $1 AND vendor_id = $2",
        )
        .bind(id)
        .bind(vendor_id)
        .fetch_optional(conn)
        .await)?;
        out.extend(row);
    }
    Ok(out)
}

/// Moves one product to `status` (bumping its version) and refreshes what customers see.
pub async fn set_status(
    tx: &mut Tx,
    product_id: Uuid,
    status: ProductStatus,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET status = $2, version = version + 1, updated_at = $3 WHERE id = $1",
    )
    .bind(product_id)
    .bind(status.as_str())
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    super::refresh_rollups(tx, product_id, now).await
}

/// The status and version of one of the store's products, for a save to decide on.
pub async fn current(
    tx: &mut Tx,
    vendor_id: Uuid,
    product_id: Uuid,
) -> DbResult<Option<StatusFacts>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, StatusFacts>(
        "SELECT id, status, version, published_at FROM products WHERE id = $1 AND vendor_id = $2",
    )
    .bind(product_id)
    .bind(vendor_id)
    .fetch_optional(conn)
    .await)?)
}

/// The status of any product (for an admin), `None` when there is no such product.
pub async fn status_of(tx: &mut Tx, product_id: Uuid) -> DbResult<Option<String>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, String>("SELECT status FROM products WHERE id = $1")
        .bind(product_id)
        .fetch_optional(conn)
        .await)?,
    )
}
