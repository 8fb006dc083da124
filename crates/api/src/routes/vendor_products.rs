//! The vendor's catalogue (`/vendor/products…`, vendor role): the list, the editor's
//! reads and saves, and changing many products at once. Every query is scoped to the
//! caller's store: another store's product answers 404. An admin's review of a product
//! held for it is here too (`/admin/products/{id}/review`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::catalogue::{self, Seller};
use bazaar_db::products::vendor::{self as own, VendorFilter, VendorSort};
use bazaar_db::vendors;
use bazaar_domain::catalogue::{ProductAction, ProductStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

mod editor;

pub use editor::{ProductForm, VendorProduct};

use super::params::parse_page;
use super::selling::actor;
use crate::auth::{AdminActor, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products, create_product))
        .routes(routes!(get_product, update_product))
        .routes(routes!(change_products))
        .routes(routes!(review_product))
        .routes(routes!(list_attributes))
}

/// An attribute every vendor can build variations from, with its usual values.
#[derive(Debug, Serialize, ToSchema)]
pub struct GlobalAttribute {
    pub name: String,
    pub values: Vec<String>,
}

/// The platform's attributes (size, colour, …); a product may add its own.
#[utoipa::path(
    get, path = "/vendor/attributes", tag = "vendor", operation_id = "vendor_list_attributes",
    security(("bearer" = [])),
    responses((status = 200, body = Vec<GlobalAttribute>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
)]
async fn list_attributes(
    State(state): State<AppState>,
    _vendor: RequireRole<Vendor>,
) -> ApiResult<Json<Vec<GlobalAttribute>>> {
    let rows = bazaar_db::attributes::list(&state.db).await?;
    Ok(Json(
        rows.into_iter()
            .map(|a| GlobalAttribute {
                name: a.name,
                values: a.attribute_values.0,
            })
            .collect(),
    ))
}

/// The caller's store, as the catalogue flows know it.
pub(crate) async fn seller(state: &AppState, user: Uuid) -> ApiResult<Seller> {
    let store = vendors::store_of_owner(&state.db, user)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have no store yet".to_owned()))?;
    Ok(Seller {
        store_id: store.id,
        owner_id: user,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VendorListQuery {
    /// Text in the name or address, or an exact SKU (of the product or a variation).
    pub q: Option<String>,
    /// draft, pending_review, active, inactive or archived; archived products are left
    /// out unless asked for.
    pub status: Option<String>,
    /// `updated` (default), `newest`, `name`, `price-asc`, `price-desc` or `stock-asc`.
    pub sort: Option<String>,
    /// 1-based page number (default 1).
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// One line of the vendor's product list. Money in cents.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorProductLine {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    /// draft, pending_review, active, inactive or archived.
    pub status: String,
    pub sku: Option<String>,
    pub image_url: Option<String>,
    pub category: String,
    pub product_type: String,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    /// What customers pay, lowest and highest over enabled variations.
    pub min_price_cents: i64,
    pub max_price_cents: i64,
    pub variation_count: i64,
    /// Units customers can buy now.
    pub available_stock: i64,
    /// Whether customers see it (active, in a store in good standing).
    pub listed: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<own::VendorProductLine> for VendorProductLine {
    fn from(r: own::VendorProductLine) -> Self {
        Self {
            id: r.id,
            slug: r.slug,
            name: r.name,
            status: r.status,
            sku: r.sku,
            image_url: r.image_url,
            category: r.category,
            product_type: r.product_type,
            price_cents: r.price_cents,
            sale_price_cents: r.sale_price_cents,
            min_price_cents: r.min_price_cents,
            max_price_cents: r.max_price_cents,
            variation_count: r.variation_count,
            available_stock: r.available_stock,
            listed: r.listed,
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorProductList {
    pub items: Vec<VendorProductLine>,
    pub meta: ListMeta,
}

fn parse_vendor_sort(sort: Option<&str>) -> ApiResult<VendorSort> {
    Ok(match sort.map(str::trim).unwrap_or("") {
        "" | "updated" => VendorSort::Updated,
        "newest" => VendorSort::Newest,
        "name" => VendorSort::Name,
        "price-asc" => VendorSort::PriceAsc,
        "price-desc" => VendorSort::PriceDesc,
        "stock-asc" => VendorSort::StockAsc,
        other => {
            return Err(ApiError::bad_field(
                "sort",
                format!(
                    "Unknown sort '{other}': use updated, newest, name, price-asc, price-desc or stock-asc"
                ),
            ));
        }
    })
}

/// The caller's products, filtered, sorted and one page at a time.
#[utoipa::path(
    get, path = "/vendor/products", tag = "vendor", operation_id = "vendor_list_products",
    security(("bearer" = [])), params(VendorListQuery),
    responses(
        (status = 200, body = VendorProductList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_products(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<VendorListQuery>,
) -> ApiResult<Json<VendorProductList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let page = parse_page(&q.page, &q.per_page)?;
    let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => Some(
            s.parse::<ProductStatus>()
                .map_err(|e| ApiError::bad_field("status", e))?,
        ),
        None => None,
    };
    let filter = VendorFilter {
        q: q.q.clone(),
        status,
    };
    let sort = parse_vendor_sort(q.sort.as_deref())?;
    let (rows, total) = own::list(&state.db, seller.store_id, &filter, sort, page).await?;
    Ok(Json(VendorProductList {
        items: rows.into_iter().map(Into::into).collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

async fn load(state: &AppState, seller: Seller, id: Uuid) -> ApiResult<VendorProduct> {
    let (p, variations) = own::get(&state.db, seller.store_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such product".to_owned()))?;
    Ok(VendorProduct::new(p, variations))
}

/// Creates a product in the caller's store.
#[utoipa::path(
    post, path = "/vendor/products", tag = "vendor", operation_id = "vendor_create_product",
    security(("bearer" = [])), request_body = ProductForm,
    responses(
        (status = 201, body = VendorProduct),
        (status = 400, description = "Field problems, by field, in `fields`", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody),
        (status = 409, description = "Publishing is not possible now (agreement_required, store_suspended)", body = ErrorBody)
    )
)]
async fn create_product(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(mut body): ApiJson<Map<String, Value>>,
) -> ApiResult<(StatusCode, Json<VendorProduct>)> {
    let seller = seller(&state, vendor.0.id).await?;
    body.remove("version");
    let saved = catalogue::save(&state.db, seller, None, &body).await?;
    Ok((
        StatusCode::CREATED,
        Json(load(&state, seller, saved.id).await?),
    ))
}

/// One of the caller's products, for the editor.
#[utoipa::path(
    get, path = "/vendor/products/{id}", tag = "vendor", operation_id = "vendor_get_product",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = VendorProduct), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Not a product of the caller's store", body = ErrorBody)
    )
)]
async fn get_product(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<VendorProduct>> {
    let seller = seller(&state, vendor.0.id).await?;
    Ok(Json(load(&state, seller, id).await?))
}

/// Saves one of the caller's products at the version it was read at.
#[utoipa::path(
    put, path = "/vendor/products/{id}", tag = "vendor", operation_id = "vendor_update_product",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = ProductForm,
    responses(
        (status = 200, body = VendorProduct),
        (status = 400, description = "Field problems, by field, in `fields`", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Not a product of the caller's store", body = ErrorBody),
        (status = 409, description = "Changed by someone else since it was read (stale), or publishing is not possible now", body = ErrorBody)
    )
)]
async fn update_product(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(mut body): ApiJson<Map<String, Value>>,
) -> ApiResult<Json<VendorProduct>> {
    let seller = seller(&state, vendor.0.id).await?;
    let version = match body.remove("version") {
        Some(Value::Number(n)) => n.as_i64().filter(|v| *v >= 1),
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_field("version", "Send the version the product was read at"))?;
    catalogue::save(&state.db, seller, Some((id, version)), &body).await?;
    Ok(Json(load(&state, seller, id).await?))
}

/// Many products at once.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductChange {
    /// 1 to 100 of the caller's products.
    pub ids: Vec<Uuid>,
    /// activate, deactivate or archive.
    pub action: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MovedProduct {
    pub id: Uuid,
    /// Where it went (an activation may wait for review: pending_review).
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductChangeResult {
    pub moved: Vec<MovedProduct>,
    /// Already where the action takes them.
    pub unchanged: Vec<Uuid>,
}

/// Activates, deactivates or archives many of the caller's products. Any id that is not
/// one of them refuses the whole change.
#[utoipa::path(
    post, path = "/vendor/products/bulk", tag = "vendor", operation_id = "vendor_change_products",
    security(("bearer" = [])), request_body = ProductChange,
    responses(
        (status = 200, body = ProductChangeResult), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "An id is not a product of the caller's store", body = ErrorBody),
        (status = 409, description = "Publishing is not possible now", body = ErrorBody)
    )
)]
async fn change_products(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<ProductChange>,
) -> ApiResult<Json<ProductChangeResult>> {
    let seller = seller(&state, vendor.0.id).await?;
    let action: ProductAction = body
        .action
        .parse()
        .map_err(|e| ApiError::bad_field("action", e))?;
    if body.ids.is_empty() || body.ids.len() > 100 {
        return Err(ApiError::bad_field("ids", "Choose 1 to 100 products"));
    }
    let changed = catalogue::change_many(&state.db, seller, &body.ids, action).await?;
    Ok(Json(ProductChangeResult {
        moved: changed
            .moved
            .into_iter()
            .map(|(id, s)| MovedProduct {
                id,
                status: s.as_str().to_owned(),
            })
            .collect(),
        unchanged: changed.unchanged,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProductReviewInput {
    pub approve: bool,
    /// Required to reject: 3 to 1000 characters, kept in the audit log.
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductReviewResult {
    /// active (approved) or draft (rejected).
    pub status: String,
}

/// An admin's decision on a product waiting for review.
#[utoipa::path(
    post, path = "/admin/products/{id}/review", tag = "admin", operation_id = "admin_review_product",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = ProductReviewInput,
    responses(
        (status = 200, body = ProductReviewResult), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not waiting for review", body = ErrorBody)
    )
)]
async fn review_product(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ProductReviewInput>,
) -> ApiResult<Json<ProductReviewResult>> {
    let status = catalogue::review(
        &state.db,
        &actor(&admin),
        id,
        body.approve,
        body.reason.as_deref(),
    )
    .await?;
    Ok(Json(ProductReviewResult {
        status: status.as_str().to_owned(),
    }))
}
