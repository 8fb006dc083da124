//! JSON shapes of the catalogue API (docs/contracts.md), built from database rows.

use bazaar_db::products::{Attribute, ProductRow, VariationRow};
use bazaar_db::reviews::Rating;
use bazaar_db::vendors::VendorRow;
use bazaar_domain::delivery::{self, DeliveryEstimate};
use bazaar_domain::money::Cents;
use bazaar_domain::pricing::{self, PriceRange};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// Pagination of a list response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListMeta {
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
}

/// Lowest and highest price over a product's enabled variations, in cents.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceRangeView {
    pub min_cents: i64,
    pub max_cents: i64,
}

impl From<PriceRange> for PriceRangeView {
    fn from(r: PriceRange) -> Self {
        Self {
            min_cents: r.min_cents,
            max_cents: r.max_cents,
        }
    }
}

/// A product as shown on cards and in lists. Money is in cents of `currency`, VAT included.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductSummary {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub brand: String,
    /// Category slug.
    pub category: String,
    pub category_name: String,
    pub price_cents: i64,
    /// Set only when a sale price applies (lower than the regular price).
    pub sale_price_cents: Option<i64>,
    /// What the customer pays: the sale price when it applies, else the price.
    pub effective_price_cents: i64,
    /// Whole-percent discount, when on sale.
    pub discount_percent: Option<i64>,
    pub currency: String,
    /// Over enabled variations; null for products without variations.
    pub price_range: Option<PriceRangeView>,
    pub image_url: Option<String>,
    pub videos: Vec<String>,
    pub featured: bool,
    pub daily_deal: bool,
    pub on_sale: bool,
    pub has_variations: bool,
    /// Units customers can buy (summed over enabled variations when there are any).
    pub stock_quantity: i64,
    pub in_stock: bool,
    /// `physical` or `digital`.
    pub product_type: String,
    pub max_owned_per_user: Option<i64>,
    pub vendor_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

impl ProductSummary {
    pub fn from_row(row: &ProductRow, currency: &str) -> Self {
        let price = Cents(row.price_cents);
        let sale = row.sale_price_cents.map(Cents);
        let (sale_price_cents, effective, discount) = if row.has_variations {
            // A variation product is priced by its variations: "from" the cheapest one.
            (None, row.min_price_cents, None)
        } else {
            (
                pricing::applicable_sale_price(price, sale).map(|c| c.0),
                pricing::effective_price(price, sale).0,
                pricing::discount_percent(price, sale),
            )
        };
        Self {
            id: row.id,
            slug: row.slug.clone(),
            name: row.name.clone(),
            brand: row.brand.clone(),
            category: row.category.clone(),
            category_name: if row.category_name.is_empty() {
                bazaar_domain::text::capitalise(&row.category)
            } else {
                row.category_name.clone()
            },
            price_cents: row.price_cents,
            sale_price_cents,
            effective_price_cents: effective,
            discount_percent: discount,
            currency: currency.to_owned(),
            price_range: row.has_variations.then_some(PriceRangeView {
                min_cents: row.min_price_cents,
                max_cents: row.max_price_cents,
            }),
            image_url: row.image_url.clone(),
            videos: row.videos.0.clone(),
            featured: row.featured,
            daily_deal: row.daily_deal,
            on_sale: row.on_sale,
            has_variations: row.has_variations,
            stock_quantity: row.available_stock,
            in_stock: row.available_stock > 0,
            product_type: row.product_type.clone(),
            max_owned_per_user: row.max_owned_per_user,
            vendor_id: row.vendor_id,
            created_at: row.created_at,
        }
    }
}

/// One name/value pair of a variation.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttributeView {
    pub name: String,
    pub value: String,
}

impl From<&Attribute> for AttributeView {
    fn from(a: &Attribute) -> Self {
        Self {
            name: a.name.clone(),
            value: a.value.clone(),
        }
    }
}

/// A purchasable variation of a product (size, colour, …).
#[derive(Debug, Serialize, ToSchema)]
pub struct VariationView {
    pub id: Uuid,
    pub product_id: Uuid,
    pub name: String,
    pub sku: String,
    pub attributes: Vec<AttributeView>,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    pub effective_price_cents: i64,
    pub stock_quantity: i64,
    pub weight_grams: Option<i64>,
    #[schema(value_type = Option<DimensionsView>)]
    pub dimensions: Option<serde_json::Value>,
    pub images: Vec<String>,
    pub enabled: bool,
    pub manage_stock: bool,
}

impl From<&VariationRow> for VariationView {
    fn from(v: &VariationRow) -> Self {
        let price = Cents(v.price_cents);
        let sale = v.sale_price_cents.map(Cents);
        Self {
            id: v.id,
            product_id: v.product_id,
            name: v.name.clone(),
            sku: v.sku.clone(),
            attributes: v.attributes.0.iter().map(AttributeView::from).collect(),
            price_cents: v.price_cents,
            sale_price_cents: pricing::applicable_sale_price(price, sale).map(|c| c.0),
            effective_price_cents: pricing::effective_price(price, sale).0,
            stock_quantity: v.stock_quantity,
            weight_grams: v.weight_grams,
            dimensions: v.dimensions.as_ref().map(|d| d.0.clone()),
            images: v.images.0.clone(),
            enabled: v.enabled,
            manage_stock: v.manage_stock,
        }
    }
}

/// The selling store, shown on a product (approved vendors only).
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorSummary {
    pub id: Uuid,
    pub store_name: String,
    pub store_slug: String,
    pub store_logo_url: Option<String>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
}

impl From<&VendorRow> for VendorSummary {
    fn from(v: &VendorRow) -> Self {
        Self {
            id: v.id,
            store_name: v.store_name.clone(),
            store_slug: v.store_slug.clone(),
            store_logo_url: v.store_logo_url.clone(),
            standard_delivery_min_days: v.standard_delivery_min_days,
            standard_delivery_max_days: v.standard_delivery_max_days,
        }
    }
}

/// Average rating rounded to one decimal, and the number of reviews.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingView {
    pub average: f64,
    pub count: i64,
}

impl From<Rating> for RatingView {
    fn from(r: Rating) -> Self {
        Self {
            average: r.average,
            count: r.count,
        }
    }
}

/// Business days until delivery: the vendor's days with floors of 3 and 7, plus one.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryView {
    pub min_business_days: i64,
    pub max_business_days: i64,
}

impl From<DeliveryEstimate> for DeliveryView {
    fn from(d: DeliveryEstimate) -> Self {
        Self {
            min_business_days: d.min_business_days,
            max_business_days: d.max_business_days,
        }
    }
}

/// A product page's data.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub summary: ProductSummary,
    pub description: String,
    pub status: String,
    /// Enabled variations, ordered by name.
    pub variations: Vec<VariationView>,
    pub vendor: Option<VendorSummary>,
    pub rating: RatingView,
    /// Digital products are not shipped: null.
    pub estimated_delivery: Option<DeliveryView>,
}

impl ProductDetail {
    pub fn new(
        row: &ProductRow,
        currency: &str,
        variations: &[VariationRow],
        vendor: Option<&VendorRow>,
        rating: Rating,
    ) -> Self {
        let estimated_delivery = (row.product_type != "digital").then(|| {
            delivery::estimate(
                vendor.and_then(|v| v.standard_delivery_min_days),
                vendor.and_then(|v| v.standard_delivery_max_days),
            )
            .into()
        });
        Self {
            summary: ProductSummary::from_row(row, currency),
            description: row.description.clone(),
            status: row.status.clone(),
            variations: variations.iter().map(VariationView::from).collect(),
            vendor: vendor.map(VendorSummary::from),
            rating: rating.into(),
            estimated_delivery,
        }
    }
}

/// A variation's parcel size, as stored (documentation only: the field holds the stored JSON).
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code)]
pub struct DimensionsView {
    pub length_cm: f64,
    pub width_cm: f64,
    pub height_cm: f64,
}
