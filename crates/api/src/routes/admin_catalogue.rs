//! Every store's products for admins (`/admin/products`): filtered by store, status,
//! category, stock and featured, with the review queue (`status=pending_review`; decisions
//! at `POST /admin/products/{id}/review`) and featuring. Changes carry the version the
//! admin saw and are audited.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::{admin, admin_tools};
use bazaar_db::admin::catalogue::{self, AdminProduct, ProductFilter};
use bazaar_domain::admin::{BulkProductAction, StockFilter};
use bazaar_domain::catalogue::ProductStatus;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{AuditEntry, BulkResult, ListTotal, given, history, paging};
use super::selling::actor;
use super::vendor_products::VendorProduct;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products))
        .routes(routes!(product_history))
        .routes(routes!(feature_product))
        .routes(routes!(get_product, update_product))
        .routes(routes!(change_products))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProductView {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub sku: Option<String>,
    pub brand: String,
    pub category: String,
    /// draft, pending_review, active, inactive or archived.
    pub status: String,
    pub featured: bool,
    /// On sale to customers now.
    pub listed: bool,
    pub price_cents: i64,
    pub available_stock: i64,
    pub low_stock_threshold: i64,
    pub image_url: Option<String>,
    /// None: a product the platform sells itself.
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
    /// Why an admin sent it back to draft, until it is approved.
    pub review_note: Option<String>,
    /// Send it back with a change: a change made meanwhile gets 409.
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

impl From<AdminProduct> for AdminProductView {
    fn from(p: AdminProduct) -> Self {
        Self {
            id: p.id,
            slug: p.slug,
            name: p.name,
            sku: p.sku,
            brand: p.brand,
            category: p.category,
            status: p.status,
            featured: p.featured,
            listed: p.listed,
            price_cents: p.min_price_cents,
            available_stock: p.available_stock,
            low_stock_threshold: p.low_stock_threshold,
            image_url: p.image_url,
            vendor_id: p.vendor_id,
            vendor_name: p.vendor_name,
            review_note: p.review_note,
            version: p.version,
            updated_at: p.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    /// Text in the name, slug or SKU.
    pub q: Option<String>,
    /// A store's id.
    pub vendor_id: Option<Uuid>,
    /// draft, pending_review, active, inactive or archived.
    pub status: Option<String>,
    /// A category slug.
    pub category: Option<String>,
    /// `low` (at or under its threshold) or `out` (none left).
    pub stock: Option<String>,
    /// Only featured (true) or only not featured (false).
    pub featured: Option<bool>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProductList {
    /// Most recently changed first.
    pub products: Vec<AdminProductView>,
    pub total: ListTotal,
}

/// Every store's products, filtered.
#[utoipa::path(
    get, path = "/admin/products", tag = "admin", operation_id = "admin_list_products",
    security(("bearer" = [])), params(ProductListQuery),
    responses(
        (status = 200, body = AdminProductList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_products(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<ProductListQuery>,
) -> ApiResult<Json<AdminProductList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let status = given(&q.status)
        .map(|s| {
            s.parse::<ProductStatus>()
                .map_err(|e| ApiError::bad_field("status", e))
        })
        .transpose()?;
    let stock = given(&q.stock)
        .map(|s| {
            s.parse::<StockFilter>()
                .map_err(|e| ApiError::bad_field("stock", e))
        })
        .transpose()?;
    let filter = ProductFilter {
        q: given(&q.q).map(str::to_owned),
        vendor_id: q.vendor_id,
        status: status.map(|s| s.as_str().to_owned()),
        category: given(&q.category).map(str::to_owned),
        featured: q.featured,
        stock: stock.map(|s| s.as_str().to_owned()),
    };
    let (rows, total) = catalogue::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminProductList {
        products: rows.into_iter().map(AdminProductView::from).collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminProductHistory {
    pub audit: Vec<AuditEntry>,
}

/// What admins did to a product (reviews, featuring), newest first.
#[utoipa::path(
    get, path = "/admin/products/{id}/history", tag = "admin", operation_id = "admin_product_history",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, body = AdminProductHistory), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn product_history(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminProductHistory>> {
    Ok(Json(AdminProductHistory {
        audit: history(&state, "product", id).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FeatureInput {
    pub featured: bool,
    /// The product's version as last read.
    pub version: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Featured {
    pub featured: bool,
    /// The product's version now.
    pub version: i64,
}

/// Feature or unfeature a product.
#[utoipa::path(
    put, path = "/admin/products/{id}/featured", tag = "admin", operation_id = "admin_feature_product",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Product id")), request_body = FeatureInput,
    responses(
        (status = 200, body = Featured), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale` (changed meanwhile) or `unchanged`", body = ErrorBody)
    )
)]
async fn feature_product(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<FeatureInput>,
) -> ApiResult<Json<Featured>> {
    let version =
        admin::feature(&state.db, &actor(&caller), id, body.featured, body.version).await?;
    Ok(Json(Featured {
        featured: body.featured,
        version,
    }))
}

/// A store's product in the editor, for an admin: the vendor's editor's product with the
/// store it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminEditedProduct {
    pub vendor_id: Uuid,
    pub vendor_name: String,
    pub product: VendorProduct,
}

async fn edited(state: &AppState, id: Uuid) -> ApiResult<AdminEditedProduct> {
    let seller = admin_tools::product_store(&state.db, id).await?;
    let (p, variations) = bazaar_db::products::vendor::get(&state.db, seller.store_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such product".to_owned()))?;
    let store = bazaar_db::vendors::store(&state.db, seller.store_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such product".to_owned()))?;
    Ok(AdminEditedProduct {
        vendor_id: store.id,
        vendor_name: store.store_name,
        product: VendorProduct::new(p, variations),
    })
}

/// A store's product, for the editor with admin powers. A product the platform sells
/// itself (no store) is not edited here.
#[utoipa::path(
    get, path = "/admin/products/{id}", tag = "admin", operation_id = "admin_get_product",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, body = AdminEditedProduct), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_product(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminEditedProduct>> {
    Ok(Json(edited(&state, id).await?))
}

/// Saves a store's product as an admin, with the vendor editor's form and the version it
/// was read at. Publishing does not wait for review (the admin is the reviewer); the save
/// is audited (`product.edit`, before and after).
#[utoipa::path(
    put, path = "/admin/products/{id}", tag = "admin", operation_id = "admin_update_product",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Product id")),
    request_body = super::vendor_products::ProductForm,
    responses(
        (status = 200, body = AdminEditedProduct),
        (status = 400, description = "Field problems, by field, in `fields`", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Changed by someone else since it was read (stale), or the store may not publish", body = ErrorBody)
    )
)]
async fn update_product(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(mut body): ApiJson<Map<String, Value>>,
) -> ApiResult<Json<AdminEditedProduct>> {
    let version = match body.remove("version") {
        Some(Value::Number(n)) => n.as_i64().filter(|v| *v >= 1),
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_field("version", "Send the version the product was read at"))?;
    admin_tools::edit_product(&state.db, &actor(&caller), id, version, &body).await?;
    Ok(Json(edited(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminProductChange {
    /// 1 to 100 products.
    pub ids: Vec<Uuid>,
    /// approve, reject, feature or unfeature.
    pub action: String,
    /// Required to reject: the vendor sees it.
    pub reason: Option<String>,
}

/// Approves, rejects, features or unfeatures many products, all or nothing: when any row is
/// refused nothing changes and the answer says which rows and why.
#[utoipa::path(
    post, path = "/admin/products/bulk", tag = "admin", operation_id = "admin_change_products",
    security(("bearer" = [])), request_body = AdminProductChange,
    responses(
        (status = 200, description = "Row by row; `applied` false when nothing changed", body = BulkResult),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn change_products(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<AdminProductChange>,
) -> ApiResult<Json<BulkResult>> {
    let action: BulkProductAction = body
        .action
        .parse()
        .map_err(|e| ApiError::bad_field("action", e))?;
    let report = admin_tools::change_products(
        &state.db,
        &actor(&caller),
        &body.ids,
        action,
        body.reason.as_deref(),
    )
    .await?;
    Ok(Json(report.into()))
}
