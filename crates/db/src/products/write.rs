//! Writing products: the importer's upsert keyed on slug and SKU, and what it shares with
//! the editor's save (SKU checks, the product row, variations, stock movements).

use bazaar_domain::catalogue::ProductStatus;
use bazaar_domain::inventory::MovementReason;
use bazaar_domain::money::Cents;
use bazaar_domain::product::{Image, ProductSpec, VariationSpec};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::types::Json;
use uuid::Uuid;

use super::{Attribute, VARIATION_COLUMNS, VariationRow, refresh_rollups};
use crate::inventory::{self, LevelRef, Movement};
use crate::{DbError, DbResult, Tx, on_tx};

/// A product as an importer or the seed wants it to be. Variations are matched by SKU.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductInput {
    pub slug: String,
    pub name: String,
    pub brand: String,
    pub category: String,
    pub vendor_id: Option<Uuid>,
    pub description: String,
    pub price: Cents,
    pub sale_price: Option<Cents>,
    pub sale_starts_at: Option<DateTime<Utc>>,
    pub sale_ends_at: Option<DateTime<Utc>>,
    pub image_url: Option<String>,
    pub videos: Vec<String>,
    pub status: ProductStatus,
    pub featured: bool,
    pub daily_deal: bool,
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    pub stock_quantity: i64,
    pub sku: Option<String>,
    pub images: Vec<Image>,
    pub seo_title: String,
    pub seo_description: String,
    pub created_at: Option<DateTime<Utc>>,
    pub variations: Vec<VariationInput>,
}

impl ProductInput {
    /// What a parsed product writes, for `vendor_id`'s store (none: a house product).
    pub fn from_spec(spec: ProductSpec, vendor_id: Option<Uuid>) -> ProductInput {
        ProductInput {
            image_url: spec.image_url(),
            slug: spec.slug,
            name: spec.name,
            brand: spec.brand,
            category: spec.category,
            vendor_id,
            description: spec.description,
            price: spec.price,
            sale_price: spec.sale_price,
            sale_starts_at: spec.sale_starts_at,
            sale_ends_at: spec.sale_ends_at,
            videos: spec.videos,
            status: spec.status,
            featured: spec.featured,
            daily_deal: spec.daily_deal,
            product_type: spec.product_type.as_str().to_owned(),
            max_owned_per_user: spec.max_owned_per_user,
            stock_quantity: spec.stock_quantity,
            sku: spec.sku,
            images: spec.images,
            seo_title: spec.seo_title,
            seo_description: spec.seo_description,
            created_at: spec.created_at,
            variations: spec
                .variations
                .into_iter()
                .map(VariationInput::from)
                .collect(),
        }
    }
}

impl From<VariationSpec> for VariationInput {
    fn from(v: VariationSpec) -> Self {
        VariationInput {
            sku: v.sku,
            name: v.name,
            attributes: v.attributes,
            price: v.price,
            sale_price: v.sale_price,
            stock_quantity: v.stock_quantity,
            weight_grams: v.weight_grams,
            dimensions: v.dimensions,
            images: v.images,
            enabled: v.enabled,
            manage_stock: v.manage_stock,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct VariationInput {
    pub sku: String,
    pub name: String,
    pub attributes: Vec<Attribute>,
    pub price: Cents,
    pub sale_price: Option<Cents>,
    pub stock_quantity: i64,
    pub weight_grams: Option<i64>,
    pub dimensions: Option<serde_json::Value>,
    pub images: Vec<String>,
    pub enabled: bool,
    pub manage_stock: bool,
}

/// What an upsert did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Upserted {
    Created,
    Updated,
    Unchanged,
}

#[derive(Debug, thiserror::Error)]
pub enum UpsertError {
    #[error("SKU {sku} already belongs to product '{owner}'")]
    SkuTaken { sku: String, owner: String },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for UpsertError {
    fn from(e: sqlx::Error) -> Self {
        UpsertError::Db(DbError::classify(e))
    }
}

#[derive(sqlx::FromRow)]
struct StoredProduct {
    id: Uuid,
    name: String,
    brand: String,
    category: String,
    vendor_id: Option<Uuid>,
    description: String,
    price_cents: i64,
    sale_price_cents: Option<i64>,
    sale_starts_at: Option<DateTime<Utc>>,
    sale_ends_at: Option<DateTime<Utc>>,
    image_url: Option<String>,
    videos: Json<Vec<String>>,
    status: String,
    featured: bool,
    daily_deal: bool,
    product_type: String,
    max_owned_per_user: Option<i64>,
    stock_quantity: i64,
    sku: Option<String>,
    images: Json<Vec<Image>>,
    seo_title: String,
    seo_description: String,
    created_at: DateTime<Utc>,
}

impl StoredProduct {
    fn matches(&self, p: &ProductInput) -> bool {
        self.name == p.name
            && self.brand == p.brand
            && self.category == p.category
            && self.vendor_id == p.vendor_id
            && self.description == p.description
            && self.price_cents == p.price.0
            && self.sale_price_cents == p.sale_price.map(|c| c.0)
            && self.sale_starts_at == p.sale_starts_at
            && self.sale_ends_at == p.sale_ends_at
            && self.image_url == p.image_url
            && self.videos.0 == p.videos
            && self.status == p.status.as_str()
            && self.featured == p.featured
            && self.daily_deal == p.daily_deal
            && self.product_type == p.product_type
            && self.max_owned_per_user == p.max_owned_per_user
            && self.stock_quantity == p.stock_quantity
            && self.sku == p.sku
            && self.images.0 == p.images
            && self.seo_title == p.seo_title
            && self.seo_description == p.seo_description
            && p.created_at.is_none_or(|t| t == self.created_at)
    }
}

impl VariationRow {
    pub(super) fn matches(&self, v: &VariationInput) -> bool {
        self.name == v.name
            && self.attributes.0 == v.attributes
            && self.price_cents == v.price.0
            && self.sale_price_cents == v.sale_price.map(|c| c.0)
            && self.stock_quantity == v.stock_quantity
            && self.weight_grams == v.weight_grams
            && self.dimensions.as_ref().map(|d| &d.0) == v.dimensions.as_ref()
            && self.images.0 == v.images
            && self.enabled == v.enabled
            && self.manage_stock == v.manage_stock
    }
}

/// Stores the sale window and whether it holds now (the scheduled refresh keeps
/// `sale_live` true to the clock afterwards).
pub(super) async fn set_sale_window(
    tx: &mut Tx,
    id: Uuid,
    input: &ProductInput,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let live = bazaar_domain::pricing::sale_live(input.sale_starts_at, input.sale_ends_at, now);
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET sale_starts_at = $2, sale_ends_at = $3, sale_live = $4 WHERE id = $1",
    )
    .bind(id)
    .bind(input.sale_starts_at)
    .bind(input.sale_ends_at)
    .bind(live)
    .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Inserts a new product row (its variations are written after). With `rollups`, its
/// derived columns are written with it (the importer computes them from what it writes);
/// without, the caller refreshes them.
pub(super) async fn insert_product(
    tx: &mut Tx,
    id: Uuid,
    input: &ProductInput,
    now: DateTime<Utc>,
    rollups: Option<&super::Rollups>,
) -> Result<(), sqlx::Error> {
    let r = rollups.copied().unwrap_or(super::Rollups {
        has_variations: false,
        min_price_cents: 0,
        max_price_cents: 0,
        on_sale: false,
        available_stock: 0,
        listed: false,
    });
    let published_at = (rollups.is_some() && input.status == ProductStatus::Active).then_some(now);
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO products (id, slug, name, brand, category, vendor_id, description, \
         price_cents, sale_price_cents, image_url, videos, status, featured, daily_deal, \
         product_type, max_owned_per_user, stock_quantity, created_at, updated_at, sku, images, \
         seo_title, seo_description, sale_starts_at, sale_ends_at, sale_live, \
         has_variations, min_price_cents, max_price_cents, on_sale, available_stock, listed, published_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, \
         $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33)",
    )
    .bind(id)
    .bind(&input.slug)
    .bind(&input.name)
    .bind(&input.brand)
    .bind(&input.category)
    .bind(input.vendor_id)
    .bind(&input.description)
    .bind(input.price.0)
    .bind(input.sale_price.map(|c| c.0))
    .bind(&input.image_url)
    .bind(Json(&input.videos))
    .bind(input.status.as_str())
    .bind(input.featured)
    .bind(input.daily_deal)
    .bind(&input.product_type)
    .bind(input.max_owned_per_user)
    .bind(input.stock_quantity)
    .bind(input.created_at.unwrap_or(now))
    .bind(now)
    .bind(&input.sku)
    .bind(Json(&input.images))
    .bind(&input.seo_title)
    .bind(&input.seo_description)
    .bind(input.sale_starts_at)
    .bind(input.sale_ends_at)
    .bind(bazaar_domain::pricing::sale_live(input.sale_starts_at, input.sale_ends_at, now))
    .bind(r.has_variations)
    .bind(r.min_price_cents)
    .bind(r.max_price_cents)
    .bind(r.on_sale)
    .bind(r.available_stock)
    .bind(r.listed)
    .bind(published_at)
    .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The slug of the product other than `except` that holds `sku`, on itself or on one of
/// its variations. SKUs are unique across products and variations, so one SKU names one
/// thing to stock.
pub async fn sku_owner(tx: &mut Tx, sku: &str, except: Option<Uuid>) -> DbResult<Option<String>> {
    let except = except.unwrap_or(Uuid::nil());
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, String>(
        "SELECT p.slug FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.sku = $1 AND v.product_id <> $2 \
         UNION ALL SELECT slug FROM products WHERE sku = $1 AND id <> $2 LIMIT 1",
    )
    .bind(sku)
    .bind(except)
    .fetch_optional(conn)
    .await)?)
}

/// Records a change of one level from `before` to `after`, if there was one.
pub(super) async fn moved(
    tx: &mut Tx,
    (product_id, variation_id): (Uuid, Option<Uuid>),
    levels: (i64, i64),
    reason: MovementReason,
    actor_id: Option<Uuid>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let level = LevelRef {
        product_id,
        variation_id,
    };
    inventory::record(tx, &Movement::between(level, levels, reason, actor_id), now).await
}

/// Refuses SKUs that belong to another product (all of them looked up in one read).
pub(super) async fn check_skus(
    tx: &mut Tx,
    input: &ProductInput,
    product: Option<Uuid>,
) -> Result<(), UpsertError> {
    let skus: Vec<&String> = input
        .sku
        .iter()
        .chain(input.variations.iter().map(|v| &v.sku))
        .collect();
    if skus.is_empty() {
        return Ok(());
    }
    let marks: Vec<String> = (2..skus.len() + 2).map(|i| format!("${i}")).collect();
    let marks = marks.join(", ");
    let sql = format!(
        "SELECT v.sku, p.slug FROM product_variations v JOIN products p ON p.id = v.product_id \
         WHERE v.sku IN ({marks}) AND v.product_id <> $1 \
         UNION ALL SELECT sku, slug FROM products WHERE sku IN ({marks}) AND id <> $1"
    );
    let taken = on_tx!(tx, conn => {
        let mut q = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql))
            .bind(product.unwrap_or(Uuid::nil()));
        for sku in &skus {
            q = q.bind(*sku);
        }
        q.fetch_all(conn).await
    }?);
    // The first of the input's SKUs that is taken, as the input lists them.
    for sku in skus {
        if let Some((_, owner)) = taken.iter().find(|(s, _)| s == sku) {
            return Err(UpsertError::SkuTaken {
                sku: sku.clone(),
                owner: owner.clone(),
            });
        }
    }
    Ok(())
}

/// Creates or updates a product (keyed on slug) and its variations (keyed on SKU) inside
/// `tx`; answers what it did and the product's id. Writes nothing when everything already
/// matches, so a re-run reports `Unchanged`.
pub async fn upsert(
    tx: &mut Tx,
    input: &ProductInput,
    now: DateTime<Utc>,
) -> Result<(Upserted, Uuid), UpsertError> {
    let existing = on_tx!(tx, conn => sqlx::query_as::<_, StoredProduct>(
        "SELECT id, name, brand, category, vendor_id, description, price_cents, sale_price_cents, \
         sale_starts_at, sale_ends_at, image_url, videos, status, featured, daily_deal, product_type, max_owned_per_user, \
         stock_quantity, sku, images, seo_title, seo_description, created_at FROM products WHERE slug = $1",
    )
    .bind(&input.slug)
    .fetch_optional(conn)
    .await?);

    check_skus(tx, input, existing.as_ref().map(|p| p.id)).await?;
    let (product_id, mut outcome) = match &existing {
        Some(stored) if stored.matches(input) => (stored.id, Upserted::Unchanged),
        Some(stored) => {
            on_tx!(tx, conn => sqlx::query(
                "UPDATE products SET name = $2, brand = $3, category = $4, vendor_id = $5, \
                 description = $6, price_cents = $7, sale_price_cents = $8, image_url = $9, \
                 videos = $10, status = $11, featured = $12, daily_deal = $13, product_type = $14, \
                 max_owned_per_user = $15, stock_quantity = $16, created_at = $17, updated_at = $18, \
                 sku = $19, images = $20, seo_title = $21, seo_description = $22, version = version + 1 \
                 WHERE id = $1",
            )
            .bind(stored.id)
            .bind(&input.name)
            .bind(&input.brand)
            .bind(&input.category)
            .bind(input.vendor_id)
            .bind(&input.description)
            .bind(input.price.0)
            .bind(input.sale_price.map(|c| c.0))
            .bind(&input.image_url)
            .bind(Json(&input.videos))
            .bind(input.status.as_str())
            .bind(input.featured)
            .bind(input.daily_deal)
            .bind(&input.product_type)
            .bind(input.max_owned_per_user)
            .bind(input.stock_quantity)
            .bind(input.created_at.unwrap_or(stored.created_at))
            .bind(now)
            .bind(&input.sku)
            .bind(Json(&input.images))
            .bind(&input.seo_title)
            .bind(&input.seo_description)
            .execute(conn).await?.rows_affected());
            (stored.id, Upserted::Updated)
        }
        None => {
            let id = Uuid::now_v7();
            // Its derived columns come from the input, written with it.
            let rollups = super::rollups::rollups_of_new(tx, input, now).await?;
            insert_product(tx, id, input, now, Some(&rollups)).await?;
            (id, Upserted::Created)
        }
    };
    let created = existing.is_none();

    let slug = &input.slug;
    if input.variations.is_empty() {
        let before = existing.as_ref().map_or(0, |p| p.stock_quantity);
        moved(
            tx,
            (product_id, None),
            (before, input.stock_quantity),
            MovementReason::Import,
            None,
            now,
        )
        .await?;
    }
    // The stored variations with the input's SKUs, in one read (a new product has none:
    // its SKUs were just checked to be free).
    let mut stored: Vec<VariationRow> = Vec::new();
    if !created && !input.variations.is_empty() {
        let marks: Vec<String> = (1..=input.variations.len())
            .map(|i| format!("${i}"))
            .collect();
        let sql = format!(
            "SELECT {VARIATION_COLUMNS} FROM product_variations WHERE sku IN ({})",
            marks.join(", ")
        );
        stored = on_tx!(tx, conn => {
            let mut q = sqlx::query_as::<_, VariationRow>(sqlx::AssertSqlSafe(sql));
            for v in &input.variations {
                q = q.bind(&v.sku);
            }
            q.fetch_all(conn).await
        }?);
    }
    if created && !input.variations.is_empty() {
        // A new product's variations are all new: written in one statement, their first
        // levels recorded in another.
        let ids: Vec<Uuid> = input.variations.iter().map(|_| Uuid::now_v7()).collect();
        insert_variations(tx, product_id, &input.variations, &ids, now).await?;
        let levels: Vec<(Uuid, &str, i64)> = ids
            .iter()
            .zip(&input.variations)
            .map(|(id, v)| (*id, v.sku.as_str(), v.stock_quantity))
            .collect();
        inventory::record_first_levels(
            tx,
            product_id,
            input.vendor_id,
            &levels,
            MovementReason::Import,
            now,
        )
        .await?;
    }
    for v in input.variations.iter().filter(|_| !created) {
        match stored.iter().find(|row| row.sku == v.sku) {
            Some(row) if row.matches(v) => {}
            Some(row) => {
                write_variation(tx, row.id, product_id, v, now, false).await?;
                let (before, after) = (row.stock_quantity, v.stock_quantity);
                moved(
                    tx,
                    (product_id, Some(row.id)),
                    (before, after),
                    MovementReason::Import,
                    None,
                    now,
                )
                .await?;
                outcome = outcome.max_change(Upserted::Updated);
            }
            None => {
                let id = Uuid::now_v7();
                write_variation(tx, id, product_id, v, now, true).await?;
                moved(
                    tx,
                    (product_id, Some(id)),
                    (0, v.stock_quantity),
                    MovementReason::Import,
                    None,
                    now,
                )
                .await?;
                outcome = outcome.max_change(Upserted::Updated);
            }
        }
    }
    if outcome != Upserted::Unchanged {
        // A new product was written whole, with its sale window and derived columns.
        if !created {
            set_sale_window(tx, product_id, input, now).await?;
            refresh_rollups(tx, product_id, now).await?;
        }
    }
    tracing::debug!(product.slug = %slug, ?outcome, "product upserted");
    Ok((outcome, product_id))
}

impl Upserted {
    /// A new product stays `Created` however many variations it gets.
    fn max_change(self, other: Upserted) -> Upserted {
        match self {
            Upserted::Created => Upserted::Created,
            _ => other,
        }
    }
}

pub(super) async fn write_variation(
    tx: &mut Tx,
    id: Uuid,
    product_id: Uuid,
    v: &VariationInput,
    now: DateTime<Utc>,
    insert: bool,
) -> Result<(), UpsertError> {
    let sql = if insert {
        "INSERT INTO product_variations (id, product_id, sku, name, attributes, price_cents, \
         sale_price_cents, stock_quantity, weight_grams, dimensions, images, enabled, manage_stock, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)"
    } else {
        "UPDATE product_variations SET product_id = $2, sku = $3, name = $4, attributes = $5, \
         price_cents = $6, sale_price_cents = $7, stock_quantity = $8, weight_grams = $9, \
         dimensions = $10, images = $11, enabled = $12, manage_stock = $13, updated_at = $14 WHERE id = $1"
    };
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(product_id)
        .bind(&v.sku)
        .bind(&v.name)
        .bind(Json(&v.attributes))
        .bind(v.price.0)
        .bind(v.sale_price.map(|c| c.0))
        .bind(v.stock_quantity)
        .bind(v.weight_grams)
        .bind(v.dimensions.as_ref().map(Json))
        .bind(Json(&v.images))
        .bind(v.enabled)
        .bind(v.manage_stock)
        .bind(now)
        .execute(conn).await?.rows_affected());
    Ok(())
}

/// Inserts a new product's variations (`ids` in the same order) in one statement.
async fn insert_variations(
    tx: &mut Tx,
    product_id: Uuid,
    variations: &[VariationInput],
    ids: &[Uuid],
    now: DateTime<Utc>,
) -> Result<(), UpsertError> {
    // $1 product, $2 when; then 12 values per variation.
    let rows: Vec<String> = (0..variations.len())
        .map(|i| {
            let n = 3 + i * 12;
            let marks: Vec<String> = (n..n + 12).map(|m| format!("${m}")).collect();
            format!("({}, $1, $2, $2)", marks.join(", "))
        })
        .collect();
    let sql = format!(
        "INSERT INTO product_variations (id, sku, name, attributes, price_cents, sale_price_cents, \
         stock_quantity, weight_grams, dimensions, images, enabled, manage_stock, product_id, \
         created_at, updated_at) VALUES {}",
        rows.join(", ")
    );
    on_tx!(tx, conn => {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(product_id).bind(now);
        for (v, id) in variations.iter().zip(ids) {
            q = q
                .bind(*id)
                .bind(&v.sku)
                .bind(&v.name)
                .bind(Json(&v.attributes))
                .bind(v.price.0)
                .bind(v.sale_price.map(|c| c.0))
                .bind(v.stock_quantity)
                .bind(v.weight_grams)
                .bind(v.dimensions.as_ref().map(Json))
                .bind(Json(&v.images))
                .bind(v.enabled)
                .bind(v.manage_stock);
        }
        q.execute(conn).await.map(|r| r.rows_affected())
    }?);
    Ok(())
}

/// The id of the product with `slug`, inside a transaction.
pub async fn id_by_slug(tx: &mut Tx, slug: &str) -> DbResult<Option<Uuid>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM products WHERE slug = $1")
        .bind(slug)
        .fetch_optional(conn)
        .await?),
    )
}

/// What a store's import needs to know of the stored product with a slug.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ImportFacts {
    pub vendor_id: Option<Uuid>,
    pub featured: bool,
    pub daily_deal: bool,
    /// Whether it has ever been on sale (`published_at` set).
    pub published: bool,
}

/// [`ImportFacts`] of the product with `slug`, if there is one.
pub async fn import_facts(tx: &mut Tx, slug: &str) -> DbResult<Option<ImportFacts>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, ImportFacts>(
        "SELECT vendor_id, featured, daily_deal, published_at IS NOT NULL AS published \
         FROM products WHERE slug = $1",
    )
    .bind(slug)
    .fetch_optional(conn)
    .await)?)
}
