//! What the product editor reads and sends: a product with its variations, pictures and
//! file as its vendor sees it, and the forms a save carries.

use bazaar_db::products::vendor::EditableProduct;
use bazaar_db::products::{Attribute, Image, VariationRow};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

/// A picture and its alt text.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImageView {
    /// A site path (`/media/…`) or an http(s) address.
    pub url: String,
    #[serde(default)]
    pub alt: String,
}

impl From<Image> for ImageView {
    fn from(i: Image) -> Self {
        Self {
            url: i.url,
            alt: i.alt,
        }
    }
}

/// One name/value pair of a variation ("Size" = "M").
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AttributeInput {
    pub name: String,
    pub value: String,
}

impl From<Attribute> for AttributeInput {
    fn from(a: Attribute) -> Self {
        Self {
            name: a.name,
            value: a.value,
        }
    }
}

/// A variation as the editor shows it. Money in cents.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorVariation {
    pub id: Uuid,
    pub sku: String,
    pub name: String,
    pub attributes: Vec<AttributeInput>,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub stock_quantity: i64,
    pub weight_grams: Option<i64>,
    /// Sizes as imported (`{"length_cm": 30, …}`); send them back to keep them.
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub dimensions: Option<Value>,
    pub images: Vec<String>,
    pub enabled: bool,
    pub manage_stock: bool,
}

impl From<VariationRow> for VendorVariation {
    fn from(v: VariationRow) -> Self {
        Self {
            id: v.id,
            sku: v.sku,
            name: v.name,
            attributes: v.attributes.0.into_iter().map(Into::into).collect(),
            price_cents: v.price_cents,
            sale_price_cents: v.sale_price_cents,
            stock_quantity: v.stock_quantity,
            weight_grams: v.weight_grams,
            dimensions: v.dimensions.map(|d| d.0),
            images: v.images.0,
            enabled: v.enabled,
            manage_stock: v.manage_stock,
        }
    }
}

/// A product as its vendor edits it. Money in cents.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorProduct {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub brand: String,
    /// A category slug, or empty.
    pub category: String,
    pub description: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    /// The sale price counts from here; null: from now.
    pub sale_starts_at: Option<DateTime<Utc>>,
    /// The sale price counts until here; null: no end.
    pub sale_ends_at: Option<DateTime<Utc>>,
    /// A digital product's file (`PUT /vendor/products/{id}/file`), kept private.
    pub digital_file: Option<crate::routes::digital_files::ProductFile>,
    pub images: Vec<ImageView>,
    pub videos: Vec<String>,
    /// draft, pending_review, active, inactive or archived.
    pub status: String,
    /// physical or digital.
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    /// The stock of a product without variations.
    pub stock_quantity: i64,
    pub sku: Option<String>,
    pub seo_title: String,
    pub seo_description: String,
    /// Units customers can buy now (over enabled variations when there are any).
    pub available_stock: i64,
    pub listed: bool,
    /// Send it back with the next save; a save naming an older version is refused (409).
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub variations: Vec<VendorVariation>,
}

impl VendorProduct {
    pub(crate) fn new(p: EditableProduct, variations: Vec<VariationRow>) -> Self {
        Self {
            id: p.id,
            slug: p.slug,
            name: p.name,
            brand: p.brand,
            category: p.category,
            description: p.description,
            price_cents: p.price_cents,
            sale_price_cents: p.sale_price_cents,
            sale_starts_at: p.sale_starts_at,
            sale_ends_at: p.sale_ends_at,
            digital_file: p.digital_file_name.map(|name| {
                crate::routes::digital_files::ProductFile {
                    name,
                    bytes: p.digital_file_bytes.unwrap_or(0),
                }
            }),
            images: p.images.0.into_iter().map(Into::into).collect(),
            videos: p.videos.0,
            status: p.status,
            product_type: p.product_type,
            max_owned_per_user: p.max_owned_per_user,
            stock_quantity: p.stock_quantity,
            sku: p.sku,
            seo_title: p.seo_title,
            seo_description: p.seo_description,
            available_stock: p.available_stock,
            listed: p.listed,
            version: p.version,
            created_at: p.created_at,
            updated_at: p.updated_at,
            variations: variations.into_iter().map(Into::into).collect(),
        }
    }
}

/// A variation as the editor sends it. Amounts are text in rand ("499.00").
#[derive(Debug, Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct VariationForm {
    /// Letters, digits, `-`, `_` or `.`; unique in the shop.
    pub sku: String,
    /// Defaults to the attribute values ("M / Black").
    pub name: Option<String>,
    pub attributes: Option<Vec<AttributeInput>>,
    /// Defaults to the product's price.
    pub price: Option<String>,
    pub sale_price: Option<String>,
    pub stock_quantity: Option<i64>,
    pub weight_grams: Option<i64>,
    /// `{"length_cm": 30, "width_cm": 20, "height_cm": 2}`.
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub dimensions: Option<Value>,
    pub images: Option<Vec<String>>,
    pub enabled: Option<bool>,
    pub manage_stock: Option<bool>,
}

/// A product as the editor sends it. Amounts are text in rand ("499.00"); every rule and
/// message is the importer's too (docs/contracts.md, "Seed and import format").
#[derive(Debug, Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct ProductForm {
    pub name: String,
    /// Derived from the name when left out.
    pub slug: Option<String>,
    pub brand: Option<String>,
    /// A category slug from `/categories`.
    pub category: Option<String>,
    pub description: Option<String>,
    pub price: String,
    /// Applies only when lower than the price (SPEC.md §5).
    pub sale_price: Option<String>,
    /// The sale window's start (RFC 3339); null or left out: from now. Needs a sale price.
    pub sale_starts_at: Option<String>,
    /// The sale window's end (RFC 3339), after the start; null or left out: no end.
    pub sale_ends_at: Option<String>,
    /// Up to 12 pictures, the first shown on cards.
    pub images: Option<Vec<ImageView>>,
    pub videos: Option<Vec<String>>,
    /// draft (default), active or inactive. Activating may wait for review
    /// (`pending_review`) and needs the current vendor agreement.
    pub status: Option<String>,
    /// physical (default) or digital.
    pub product_type: Option<String>,
    /// Digital products only: how many one customer may own.
    pub max_owned_per_user: Option<i64>,
    pub stock_quantity: Option<i64>,
    /// Products without variations only.
    pub sku: Option<String>,
    /// Up to 70 characters.
    pub seo_title: Option<String>,
    /// Up to 160 characters.
    pub seo_description: Option<String>,
    /// Exactly the product's variations after the save; ones left out are deleted.
    pub variations: Option<Vec<VariationForm>>,
    /// Saving an existing product: the version it was read at.
    pub version: Option<i64>,
}
