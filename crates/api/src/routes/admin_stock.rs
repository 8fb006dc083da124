//! Stock across every store for admins (`/admin/stock…`): the levels that are low or out,
//! every store's stock history, and adjusting a level by hand with a reason (audited as
//! `stock.adjust`; the movement is the store's, by the admin).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::admin_tools;
use bazaar_db::admin::stock::{self, LevelState, StoreLevelFilter};
use bazaar_domain::inventory::is_low;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{ListTotal, given, paging};
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_levels))
        .routes(routes!(list_movements))
        .routes(routes!(adjust_level))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminStockQuery {
    /// Text in the product name, or an exact SKU.
    pub q: Option<String>,
    /// A store's id.
    pub vendor_id: Option<Uuid>,
    /// `low` (at or under the threshold, out included; the default), `out` or `all`.
    pub state: Option<String>,
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

/// One counted stock level of any store.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStockLevel {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub sku: Option<String>,
    pub status: String,
    pub image_url: Option<String>,
    pub stock_quantity: i64,
    pub low_stock_threshold: i64,
    pub low: bool,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStockList {
    /// Lowest first.
    pub levels: Vec<AdminStockLevel>,
    pub total: ListTotal,
}

/// Every store's counted stock levels (archived products left out), lowest first.
#[utoipa::path(
    get, path = "/admin/stock", tag = "admin", operation_id = "admin_list_stock",
    security(("bearer" = [])), params(AdminStockQuery),
    responses(
        (status = 200, body = AdminStockList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_levels(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AdminStockQuery>,
) -> ApiResult<Json<AdminStockList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let level_state = match given(&q.state) {
        None | Some("low") => LevelState::Low,
        Some("out") => LevelState::Out,
        Some("all") => LevelState::All,
        Some(_) => return Err(ApiError::bad_field("state", "state is low, out or all")),
    };
    let filter = StoreLevelFilter {
        q: given(&q.q).map(str::to_owned),
        vendor_id: q.vendor_id,
        state: level_state,
    };
    let (rows, total) = stock::levels(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminStockList {
        levels: rows
            .into_iter()
            .map(|l| AdminStockLevel {
                low: is_low(l.stock_quantity, l.low_stock_threshold),
                product_id: l.product_id,
                variation_id: l.variation_id,
                product_name: l.product_name,
                variation_name: l.variation_name,
                sku: l.sku,
                status: l.status,
                image_url: l.image_url,
                stock_quantity: l.stock_quantity,
                low_stock_threshold: l.low_stock_threshold,
                vendor_id: l.vendor_id,
                vendor_name: l.vendor_name,
            })
            .collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminMovementQuery {
    /// A store's id.
    pub vendor_id: Option<Uuid>,
    /// One product's movements.
    pub product_id: Option<Uuid>,
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

/// One change of any store's stock.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStockMovement {
    pub id: Uuid,
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub sku: Option<String>,
    /// Positive in, negative out.
    pub quantity_change: i64,
    pub stock_after: i64,
    /// sale, cancellation, manual, import or return.
    pub reason: String,
    pub order_number: Option<String>,
    /// Who changed it by hand (a vendor or an admin).
    pub actor_email: Option<String>,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminMovementList {
    /// Newest first.
    pub movements: Vec<AdminStockMovement>,
    pub total: ListTotal,
}

/// Every store's stock history, newest first.
#[utoipa::path(
    get, path = "/admin/stock/movements", tag = "admin", operation_id = "admin_list_stock_movements",
    security(("bearer" = [])), params(AdminMovementQuery),
    responses(
        (status = 200, body = AdminMovementList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_movements(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AdminMovementQuery>,
) -> ApiResult<Json<AdminMovementList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let (rows, total) =
        stock::movements(&state.db, q.vendor_id, q.product_id, limit, offset).await?;
    Ok(Json(AdminMovementList {
        movements: rows
            .into_iter()
            .map(|m| AdminStockMovement {
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
                vendor_id: m.vendor_id,
                vendor_name: m.vendor_name,
                created_at: m.created_at,
            })
            .collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StockAdjustment {
    pub product_id: Uuid,
    /// The variation, for a product with variations.
    pub variation_id: Option<Uuid>,
    /// The new level: 0 to 1000000000.
    pub stock_quantity: i64,
    /// 3 to 500 characters, kept in the audit log.
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockAdjusted {
    pub before: i64,
    pub after: i64,
}

/// Sets a level of any store by hand, with a reason.
#[utoipa::path(
    put, path = "/admin/stock/level", tag = "admin", operation_id = "admin_adjust_stock",
    security(("bearer" = [])), request_body = StockAdjustment,
    responses(
        (status = 200, body = StockAdjusted), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "No such level (or a product without a store)", body = ErrorBody),
        (status = 409, description = "`unchanged`: the level is already that", body = ErrorBody)
    )
)]
async fn adjust_level(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<StockAdjustment>,
) -> ApiResult<Json<StockAdjusted>> {
    let done = admin_tools::adjust_stock(
        &state.db,
        &actor(&caller),
        body.product_id,
        body.variation_id,
        body.stock_quantity,
        &body.reason,
    )
    .await?;
    Ok(Json(StockAdjusted {
        before: done.before,
        after: done.after,
    }))
}
