//! Orders for admins (`/admin/orders`): search by number, buyer, store, status and days;
//! an order with its parts, payments, the books' entries, refunds and history; refunds in
//! full or in part (points and stock follow, the books record a return, PayFast is asked
//! to pay it back). Moving an order on is `POST /admin/orders/{id}/status`.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::refunds;
use bazaar_db::admin::orders::{self as admin_orders, OrderFilter};
use bazaar_db::refunds::Refund;
use bazaar_domain::admin::RefundAsk;
use bazaar_domain::order::OrderStatus;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{AuditEntry, ListTotal, day_start, given, history, paging};
use super::order_views::OrderView;
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_orders))
        .routes(routes!(get_order))
        .routes(routes!(issue_refund))
        .routes(routes!(retry_refund))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrderRow {
    pub id: Uuid,
    pub order_number: String,
    pub status: String,
    pub email: String,
    pub total_cents: i64,
    pub refund_due_cents: i64,
    /// How many stores' parts.
    pub part_count: i64,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrderListQuery {
    /// The order number or its start, or text in the buyer's email.
    pub q: Option<String>,
    /// pending_payment, paid, processing, shipped, delivered or cancelled.
    pub status: Option<String>,
    /// Orders with a part from this store.
    pub vendor_id: Option<Uuid>,
    /// One buyer's orders.
    pub user_id: Option<Uuid>,
    /// Placed on or after this day (YYYY-MM-DD, South African time).
    pub from: Option<String>,
    /// Placed on or before this day (YYYY-MM-DD).
    pub to: Option<String>,
    /// Only orders with money still owed back.
    pub refund_due: Option<bool>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrderList {
    /// Newest first.
    pub orders: Vec<AdminOrderRow>,
    pub total: ListTotal,
}

/// Orders, searched and filtered.
#[utoipa::path(
    get, path = "/admin/orders", tag = "admin", operation_id = "admin_list_orders",
    security(("bearer" = [])), params(AdminOrderListQuery),
    responses(
        (status = 200, body = AdminOrderList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_orders(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AdminOrderListQuery>,
) -> ApiResult<Json<AdminOrderList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let status = given(&q.status)
        .map(|s| {
            s.parse::<OrderStatus>()
                .map_err(|e| ApiError::bad_field("status", e))
        })
        .transpose()?;
    let filter = OrderFilter {
        q: given(&q.q).map(str::to_owned),
        status: status.map(|s| s.as_str().to_owned()),
        vendor_id: q.vendor_id,
        user_id: q.user_id,
        from: day_start("from", &q.from, false)?,
        to: day_start("to", &q.to, true)?,
        refund_due: q.refund_due.unwrap_or(false),
    };
    let (rows, total) = admin_orders::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminOrderList {
        orders: rows
            .into_iter()
            .map(|o| AdminOrderRow {
                id: o.id,
                order_number: o.order_number,
                status: o.status,
                email: o.email,
                total_cents: o.total_cents,
                refund_due_cents: o.refund_due_cents,
                part_count: o.part_count,
                created_at: o.created_at,
                paid_at: o.paid_at,
            })
            .collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminPayment {
    pub id: Uuid,
    pub provider: String,
    /// The provider's payment id.
    pub reference: Option<String>,
    /// received, accepted, rejected or duplicate.
    pub status: String,
    pub reason: Option<String>,
    pub received_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminLedgerEntry {
    pub journal_id: Uuid,
    /// sale, fee, cancellation, release, refund, return, …
    pub kind: String,
    pub memo: String,
    pub account: String,
    pub vendor_id: Option<Uuid>,
    /// Positive: what the platform holds or spent; negative: what it owes or earned.
    pub amount_cents: i64,
    pub effective_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundLineView {
    pub item_id: Uuid,
    pub quantity: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundView {
    pub id: Uuid,
    pub part_id: Uuid,
    /// The goods' worth refunded (what the vendor gives back, less commission).
    pub value_cents: i64,
    /// The money paid back to the buyer.
    pub money_cents: i64,
    pub points_returned: i64,
    pub points_reversed: i64,
    pub lines: Vec<RefundLineView>,
    pub restocked: bool,
    pub reason: String,
    /// due (to pay back by other means), requested (asked of PayFast), paid or failed
    /// (PayFast refused or could not be reached: ask again, or pay back by other means).
    pub status: String,
    pub gateway_reference: Option<String>,
    pub gateway_message: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Refund> for RefundView {
    fn from(r: Refund) -> Self {
        Self {
            id: r.id,
            part_id: r.part_id,
            value_cents: r.value_cents,
            money_cents: r.money_cents,
            points_returned: r.points_returned,
            points_reversed: r.points_reversed,
            lines: r
                .lines
                .0
                .iter()
                .map(|l| RefundLineView {
                    item_id: l.item_id,
                    quantity: l.quantity,
                })
                .collect(),
            restocked: r.restocked,
            reason: r.reason,
            status: r.status,
            gateway_reference: r.gateway_reference,
            gateway_message: r.gateway_message,
            created_at: r.created_at,
        }
    }
}

/// An order as admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminOrderDetail {
    pub order: OrderView,
    pub user_id: Uuid,
    pub email: String,
    pub payments: Vec<AdminPayment>,
    pub ledger: Vec<AdminLedgerEntry>,
    pub refunds: Vec<RefundView>,
    pub audit: Vec<AuditEntry>,
}

fn order_not_found() -> ApiError {
    ApiError::NotFound("Order not found".to_owned())
}

async fn detail(state: &AppState, id: Uuid) -> ApiResult<AdminOrderDetail> {
    let d = bazaar_db::orders::detail_any(&state.db, id)
        .await?
        .ok_or_else(order_not_found)?;
    let (user_id, email) = (d.header.user_id, d.header.email.clone());
    Ok(AdminOrderDetail {
        order: OrderView::new(d, None, |_| None),
        user_id,
        email,
        payments: admin_orders::payments(&state.db, id)
            .await?
            .into_iter()
            .map(|p| AdminPayment {
                id: p.id,
                provider: p.provider,
                reference: p.pf_payment_id,
                status: p.status,
                reason: p.reason,
                received_at: p.received_at,
            })
            .collect(),
        ledger: admin_orders::ledger(&state.db, id)
            .await?
            .into_iter()
            .map(|e| AdminLedgerEntry {
                journal_id: e.journal_id,
                kind: e.kind,
                memo: e.memo,
                account: e.account,
                vendor_id: e.vendor_id,
                amount_cents: e.amount_cents,
                effective_at: e.effective_at,
            })
            .collect(),
        refunds: bazaar_db::refunds::of_order(&state.db, id)
            .await?
            .into_iter()
            .map(RefundView::from)
            .collect(),
        audit: history(state, "order", id).await?,
    })
}

/// One order with its parts, payments, the books' entries, refunds and history.
#[utoipa::path(
    get, path = "/admin/orders/{id}", tag = "admin", operation_id = "admin_get_order",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, body = AdminOrderDetail), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_order(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminOrderDetail>> {
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundLineInput {
    pub item_id: Uuid,
    /// At least 1, at most what is left of the line to refund.
    pub quantity: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundInput {
    /// Lines of one store's part and how many of each; may be empty for an amount alone.
    #[serde(default)]
    pub lines: Vec<RefundLineInput>,
    /// The goods' worth to refund, in cents; by default the lines' worth. Required
    /// without lines (a goodwill refund).
    pub value_cents: Option<i64>,
    /// The store's part, when no line names it and the order has several.
    pub part_id: Option<Uuid>,
    /// Put the refunded lines back in stock (the goods came back unused).
    #[serde(default)]
    pub restock: bool,
    /// 3 to 500 characters, kept with the refund and in the audit log.
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundIssued {
    pub refund: RefundView,
    pub order: AdminOrderDetail,
}

/// Refund an order in full or in part: the money and points spent go back in proportion,
/// points earned are taken back (never below zero), refunded lines may go back in stock,
/// and the vendor's statement shows the return. When the order was paid through PayFast
/// the refund is asked of PayFast at once; `refund.status` says how it answered.
#[utoipa::path(
    post, path = "/admin/orders/{id}/refunds", tag = "admin", operation_id = "admin_issue_refund",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Order id")), request_body = RefundInput,
    responses(
        (status = 200, body = RefundIssued), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_paid`, `cancelled` (the part's money is owed already), `refunded` (nothing left) or `stale`", body = ErrorBody)
    )
)]
async fn issue_refund(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<RefundInput>,
) -> ApiResult<Json<RefundIssued>> {
    let ask = RefundAsk::parse(
        body.lines.iter().map(|l| (l.item_id, l.quantity)).collect(),
        body.value_cents,
        body.restock,
        &body.reason,
    )
    .map_err(|(field, message)| ApiError::bad_field(field, message))?;
    let refund = refunds::issue(
        &state.db,
        Some(&state.payments.current(&state.db).await?),
        &actor(&caller),
        id,
        body.part_id,
        &ask,
    )
    .await?;
    Ok(Json(RefundIssued {
        refund: refund.into(),
        order: detail(&state, id).await?,
    }))
}

/// Ask PayFast again for a refund it refused or could not be reached for.
#[utoipa::path(
    post, path = "/admin/refunds/{id}/retry", tag = "admin", operation_id = "admin_retry_refund",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Refund id")),
    responses(
        (status = 200, body = RefundView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_failed`, `no_payment` or `paid_elsewhere`", body = ErrorBody)
    )
)]
async fn retry_refund(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<RefundView>> {
    let refund = refunds::retry(
        &state.db,
        &state.payments.current(&state.db).await?,
        &actor(&caller),
        id,
    )
    .await?;
    Ok(Json(refund.into()))
}
