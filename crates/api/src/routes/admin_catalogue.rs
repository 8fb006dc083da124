//! Every store's products for admins (`/admin/products`): filtered by store, status,
//! category, stock and featured, with the review queue (`status=pending_review`; decisions
//! at `POST /admin/products/{id}/review`) and featuring. Changes carry the version the
//! admin saw and are audited.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::admin;
use bazaar_db::admin::catalogue::{self, AdminProduct, ProductFilter};
use bazaar_domain::admin::StockFilter;
use bazaar_domain::catalogue::ProductStatus;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{AuditEntry, ListTotal, given, history, paging};
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products))
        .routes(routes!(product_history))
        .routes(routes!(feature_product))
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
