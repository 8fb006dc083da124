//! The vendor's inventory (`/vendor/inventory…`, vendor role): stock per product and
//! variation, inline changes, low-stock thresholds, the stock history, and CSV export and
//! import of levels. Scoped to the caller's store: another store's stock answers 404.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use bazaar_commerce::inventory::{self, RowOutcome};
use bazaar_db::inventory::{self as levels, LevelFilter};
use bazaar_domain::inventory::is_low;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::{parse_bool, parse_page};
use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_levels))
        .routes(routes!(set_level))
        .routes(routes!(set_threshold))
        .routes(routes!(list_movements))
        .routes(routes!(export_levels))
        .routes(routes!(import_levels))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LevelQuery {
    /// Text in the product name, or an exact SKU.
    pub q: Option<String>,
    /// `true`: only levels at or below their threshold.
    pub low: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// One stock level: a product without variations, or one variation.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockLevel {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub sku: Option<String>,
    /// The product's status.
    pub status: String,
    pub image_url: Option<String>,
    pub stock_quantity: i64,
    /// False: selling never runs out (the level is not counted down).
    pub manage_stock: bool,
    pub low_stock_threshold: i64,
    /// At or below the threshold (and counted).
    pub low: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockLevelList {
    pub items: Vec<StockLevel>,
    pub meta: ListMeta,
    /// Counted levels of products on sale at or below their threshold.
    pub low_count: i64,
}

/// The caller's stock levels, lowest first.
#[utoipa::path(
    get, path = "/vendor/inventory", tag = "vendor", operation_id = "vendor_list_stock",
    security(("bearer" = [])), params(LevelQuery),
    responses(
        (status = 200, body = StockLevelList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_levels(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<LevelQuery>,
) -> ApiResult<Json<StockLevelList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let page = parse_page(&q.page, &q.per_page)?;
    let filter = LevelFilter {
        q: q.q.clone(),
        low_only: parse_bool("low", &q.low)?.unwrap_or(false),
    };
    let (rows, total) = levels::levels(&state.db, seller.store_id, &filter, page).await?;
    let low_count = levels::low_count(&state.db, seller.store_id).await?;
    Ok(Json(StockLevelList {
        items: rows
            .into_iter()
            .map(|l| StockLevel {
                low: l.manage_stock && is_low(l.stock_quantity, l.low_stock_threshold),
                product_id: l.product_id,
                variation_id: l.variation_id,
                product_name: l.product_name,
                variation_name: l.variation_name,
                sku: l.sku,
                status: l.status,
                image_url: l.image_url,
                stock_quantity: l.stock_quantity,
                manage_stock: l.manage_stock,
                low_stock_threshold: l.low_stock_threshold,
            })
            .collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
        low_count,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LevelChange {
    pub product_id: Uuid,
    /// The variation, for a product with variations.
    pub variation_id: Option<Uuid>,
    /// The new level: 0 to 1000000000. Recorded as a manual movement.
    pub stock_quantity: i64,
}

/// Sets one level by hand.
#[utoipa::path(
    put, path = "/vendor/inventory/level", tag = "vendor", operation_id = "vendor_set_stock",
    security(("bearer" = [])), request_body = LevelChange,
    responses(
        (status = 204, description = "Set"), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Not a level of the caller's store", body = ErrorBody)
    )
)]
async fn set_level(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<LevelChange>,
) -> ApiResult<axum::http::StatusCode> {
    let seller = seller(&state, vendor.0.id).await?;
    inventory::set_level(
        &state.db,
        seller,
        body.product_id,
        body.variation_id,
        body.stock_quantity,
    )
    .await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ThresholdChange {
    pub product_id: Uuid,
    /// 0 to 100000: levels at or below it are low.
    pub low_stock_threshold: i64,
}

/// Sets a product's low-stock threshold.
#[utoipa::path(
    put, path = "/vendor/inventory/threshold", tag = "vendor", operation_id = "vendor_set_low_stock_threshold",
    security(("bearer" = [])), request_body = ThresholdChange,
    responses(
        (status = 204, description = "Set"), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "Not a product of the caller's store", body = ErrorBody)
    )
)]
async fn set_threshold(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<ThresholdChange>,
) -> ApiResult<axum::http::StatusCode> {
    let seller = seller(&state, vendor.0.id).await?;
    inventory::set_threshold(&state.db, seller, body.product_id, body.low_stock_threshold).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MovementQuery {
    /// Only this product's movements.
    pub product_id: Option<Uuid>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// One change of stock.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockMovement {
    pub id: Uuid,
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub sku: Option<String>,
    /// Positive in, negative out.
    pub quantity_change: i64,
    pub stock_after: i64,
    /// sale, cancellation, manual or import.
    pub reason: String,
    /// The order of a sale or cancellation.
    pub order_number: Option<String>,
    /// Who changed it by hand or imported it.
    pub actor_email: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockMovementList {
    pub items: Vec<StockMovement>,
    pub meta: ListMeta,
}

/// The stock history of the caller's store, newest first.
#[utoipa::path(
    get, path = "/vendor/inventory/movements", tag = "vendor", operation_id = "vendor_list_stock_movements",
    security(("bearer" = [])), params(MovementQuery),
    responses(
        (status = 200, body = StockMovementList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_movements(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<MovementQuery>,
) -> ApiResult<Json<StockMovementList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let page = parse_page(&q.page, &q.per_page)?;
    let (rows, total) = levels::movements(&state.db, seller.store_id, q.product_id, page).await?;
    Ok(Json(StockMovementList {
        items: rows
            .into_iter()
            .map(|m| StockMovement {
                id: m.id,
                product_id: m.product_id,
                variation_id: m.variation_id,
                product_name: m.product_name,
                sku: m.sku,
                quantity_change: m.quantity_change,
                stock_after: m.stock_after,
                reason: m.reason,
                order_number: m.order_number,
                actor_email: m.actor_email,
                created_at: m.created_at,
            })
            .collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

/// The caller's stock levels as CSV (`sku,quantity`), to edit and import back.
#[utoipa::path(
    get, path = "/vendor/inventory/export", tag = "vendor", operation_id = "vendor_export_stock",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "sku,quantity rows", content_type = "text/csv", body = String),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn export_levels(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Response> {
    let seller = seller(&state, vendor.0.id).await?;
    let rows = levels::export(&state.db, seller.store_id).await?;
    // SKUs are letters, digits, '-', '_' and '.', so no field needs quoting.
    let mut csv = String::from("sku,quantity\n");
    for (sku, quantity) in rows {
        csv.push_str(&format!("{sku},{quantity}\n"));
    }
    let mut response = csv.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"stock.csv\""),
    );
    Ok(response)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `true`: report what would change and write nothing.
    pub dry_run: Option<String>,
}

/// What an import did with one row.
#[derive(Debug, Serialize, ToSchema)]
pub struct StockImportRow {
    /// The line in the file (the header is line 1).
    pub row: usize,
    pub sku: String,
    /// updated, unchanged or rejected.
    pub outcome: String,
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockImportReport {
    pub rows: Vec<StockImportRow>,
    /// Whether the levels were written: false for a dry run, and when any row was
    /// rejected (an import is all or nothing).
    pub applied: bool,
    pub updated: usize,
    pub unchanged: usize,
    pub rejected: usize,
}

/// Imports stock levels from CSV (`sku,quantity`; the body is the file). Every row is
/// reported; nothing is written on a dry run or when any row is rejected.
#[utoipa::path(
    post, path = "/vendor/inventory/import", tag = "vendor", operation_id = "vendor_import_stock",
    security(("bearer" = [])), params(ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "sku,quantity rows"),
    responses(
        (status = 200, body = StockImportReport),
        (status = 400, description = "Not a stock CSV", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn import_levels(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<ImportQuery>,
    body: axum::body::Bytes,
) -> ApiResult<Json<StockImportReport>> {
    let seller = seller(&state, vendor.0.id).await?;
    let dry_run = parse_bool("dry_run", &q.dry_run)?.unwrap_or(false);
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::bad_field("file", "The file must be UTF-8 text (CSV)"))?;
    let rows = inventory::read_csv(text).map_err(|e| ApiError::bad_field("file", e.to_string()))?;
    let report = inventory::import_levels(&state.db, seller, rows, dry_run).await?;
    let count = |f: fn(&RowOutcome) -> bool| report.rows.iter().filter(|r| f(&r.outcome)).count();
    Ok(Json(StockImportReport {
        updated: count(|o| matches!(o, RowOutcome::Updated { .. })),
        unchanged: count(|o| matches!(o, RowOutcome::Unchanged { .. })),
        rejected: count(|o| matches!(o, RowOutcome::Rejected { .. })),
        applied: report.applied,
        rows: report
            .rows
            .into_iter()
            .map(|r| {
                let (outcome, from, to, error) = match r.outcome {
                    RowOutcome::Updated { from, to } => ("updated", Some(from), Some(to), None),
                    RowOutcome::Unchanged { level } => {
                        ("unchanged", Some(level), Some(level), None)
                    }
                    RowOutcome::Rejected { reason } => ("rejected", None, None, Some(reason)),
                };
                StockImportRow {
                    row: r.row,
                    sku: r.sku,
                    outcome: outcome.to_owned(),
                    from,
                    to,
                    error,
                }
            })
            .collect(),
    }))
}
