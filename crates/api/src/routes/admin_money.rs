//! The platform's money (`/admin/…`, admins with a verified second factor): the books'
//! accounts (they always add up to zero), payout runs with their bank file, payouts
//! settled as paid or failed, refunds paid back and manual adjustments of a vendor's
//! balance with a reason. Every action is audited.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_commerce::books;
use bazaar_db::{audit, ledger, orders, vendors};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::vendor_money::PayoutView;
use crate::auth::{AdminActor, AuthUser};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ledger_accounts))
        .routes(routes!(create_payout_run))
        .routes(routes!(payout_bank_file))
        .routes(routes!(settle_payout))
        .routes(routes!(adjust_vendor_balance))
        .routes(routes!(record_refund_paid))
}

async fn audited(
    tx: &mut bazaar_db::Tx,
    admin: &AuthUser,
    action: &str,
    subject_type: &str,
    subject_id: String,
    details: serde_json::Value,
) -> ApiResult<()> {
    audit::record(
        tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: &admin.email,
            action,
            subject_type,
            subject_id,
            details,
        },
        chrono::Utc::now(),
    )
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountSum {
    pub account: String,
    /// Positive: held or spent by the platform; negative: owed or earned.
    pub sum_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerAccounts {
    pub accounts: Vec<AccountSum>,
    /// The sum of every posting: always zero.
    pub total_cents: i64,
}

/// Every account of the books with its sum.
#[utoipa::path(
    get, path = "/admin/ledger", tag = "admin", operation_id = "admin_ledger_accounts",
    security(("bearer" = [])),
    responses((status = 200, body = LedgerAccounts), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
)]
async fn ledger_accounts(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<LedgerAccounts>> {
    let sums = ledger::account_sums(&state.db).await?;
    Ok(Json(LedgerAccounts {
        total_cents: sums.iter().map(|(_, s)| s).sum(),
        accounts: sums
            .into_iter()
            .map(|(account, sum_cents)| AccountSum { account, sum_cents })
            .collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PayoutRunRequest {
    /// True: show what the run would pay and keep nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OwedWithoutAccount {
    pub vendor_id: Uuid,
    pub amount_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutRunView {
    pub id: Uuid,
    pub dry_run: bool,
    pub minimum_cents: i64,
    pub payouts: Vec<PayoutView>,
    pub total_cents: i64,
    /// Vendors owed at least the minimum with no payout account on file (not paid).
    pub without_account: Vec<OwedWithoutAccount>,
}

/// Pay every vendor whose available balance is at least the minimum (a payout each, to
/// the bank account on file); with `dry_run`, only show it.
#[utoipa::path(
    post, path = "/admin/payouts/runs", tag = "admin", operation_id = "admin_create_payout_run",
    security(("bearer" = [])), request_body = PayoutRunRequest,
    responses(
        (status = 200, description = "A dry run", body = PayoutRunView),
        (status = 201, description = "The run was made", body = PayoutRunView),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn create_payout_run(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiJson(body): ApiJson<PayoutRunRequest>,
) -> ApiResult<(StatusCode, Json<PayoutRunView>)> {
    let run = books::run_payouts(&state.db, Some(admin.id), body.dry_run).await?;
    let total: i64 = run.payouts.iter().map(|p| p.amount_cents).sum();
    if !run.dry_run {
        let mut tx = state.db.begin().await?;
        audited(
            &mut tx,
            &admin,
            "payouts.run",
            "payout_run",
            run.id.to_string(),
            json!({ "payouts": run.payouts.len(), "total_cents": total }),
        )
        .await?;
        tx.commit().await?;
    }
    let status = if run.dry_run {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((
        status,
        Json(PayoutRunView {
            id: run.id,
            dry_run: run.dry_run,
            minimum_cents: run.minimum_cents,
            payouts: run.payouts.into_iter().map(PayoutView::from).collect(),
            total_cents: total,
            without_account: run
                .without_account
                .into_iter()
                .map(|(vendor_id, amount_cents)| OwedWithoutAccount {
                    vendor_id,
                    amount_cents,
                })
                .collect(),
        }),
    ))
}

/// The bank file of a run: CSV of account holder, account number, branch code, amount
/// and reference, one row per payout.
#[utoipa::path(
    get, path = "/admin/payouts/runs/{id}/bank-file", tag = "admin", operation_id = "admin_payout_bank_file",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Payout run id")),
    responses(
        (status = 200, description = "The bank file", content_type = "text/csv", body = String),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn payout_bank_file(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let payouts = ledger::run_payouts(&state.db, id).await?;
    if payouts.is_empty() {
        return Err(ApiError::NotFound("Payout run not found".into()));
    }
    let mut tx = state.db.begin().await?;
    audited(
        &mut tx,
        &admin,
        "payouts.bank_file",
        "payout_run",
        id.to_string(),
        json!({}),
    )
    .await?;
    tx.commit().await?;
    let mut response = books::bank_file(&payouts).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"payouts.csv\""),
    );
    Ok(response)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SettlePayout {
    /// paid or failed.
    pub status: String,
    /// Why it failed (required then), 3 to 500 characters.
    pub reason: Option<String>,
}

/// Settle a sent payout: paid (the money left the bank) or failed (it goes back to the
/// vendor's available balance).
#[utoipa::path(
    post, path = "/admin/payouts/{id}/settle", tag = "admin", operation_id = "admin_settle_payout",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Payout id")), request_body = SettlePayout,
    responses(
        (status = 200, body = PayoutView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Settled already", body = ErrorBody)
    )
)]
async fn settle_payout(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<SettlePayout>,
) -> ApiResult<Json<PayoutView>> {
    let failed = match body.status.trim() {
        "paid" => None,
        "failed" => {
            let reason = body.reason.as_deref().map(str::trim).unwrap_or_default();
            if !(3..=500).contains(&reason.chars().count()) {
                return Err(ApiError::bad_field(
                    "reason",
                    "Say why the payout failed (3 to 500 characters)",
                ));
            }
            Some(reason.to_owned())
        }
        _ => {
            return Err(ApiError::bad_field(
                "status",
                "status must be paid or failed",
            ));
        }
    };
    let mut tx = state.db.begin().await?;
    let (payout, settled) = books::settle_payout(&mut tx, id, failed.as_deref(), Some(admin.id))
        .await?
        .ok_or_else(|| ApiError::NotFound("Payout not found".into()))?;
    if !settled {
        return Err(ApiError::Conflict(format!(
            "This payout is {} already",
            payout.status
        )));
    }
    audited(
        &mut tx,
        &admin,
        "payouts.settle",
        "payout",
        id.to_string(),
        json!({ "status": payout.status, "reason": failed, "amount_cents": payout.amount_cents }),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(payout.into()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Adjustment {
    /// Cents credited to (positive) or taken from (negative) the vendor's available
    /// balance; not zero, at most R1,000,000 either way.
    pub amount_cents: i64,
    /// Why, 3 to 500 characters (shown on the vendor's statement).
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorBalanceView {
    pub vendor_id: Uuid,
    pub pending_cents: i64,
    pub available_cents: i64,
}

/// Credit or debit a vendor's available balance, with a reason.
#[utoipa::path(
    post, path = "/admin/vendors/{id}/adjustments", tag = "admin", operation_id = "admin_adjust_vendor_balance",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Vendor (store) id")), request_body = Adjustment,
    responses(
        (status = 200, body = VendorBalanceView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn adjust_vendor_balance(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Adjustment>,
) -> ApiResult<Json<VendorBalanceView>> {
    if body.amount_cents == 0 || body.amount_cents.abs() > 100_000_000 {
        return Err(ApiError::bad_field(
            "amount_cents",
            "An adjustment is not zero and at most R1,000,000.00 either way",
        ));
    }
    let reason = body.reason.trim();
    if !(3..=500).contains(&reason.chars().count()) {
        return Err(ApiError::bad_field(
            "reason",
            "Say why (3 to 500 characters)",
        ));
    }
    vendors::store(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Vendor not found".into()))?;
    let mut tx = state.db.begin().await?;
    books::adjust(&mut tx, id, body.amount_cents, reason, admin.id).await?;
    audited(
        &mut tx,
        &admin,
        "vendor.adjust_balance",
        "vendor",
        id.to_string(),
        json!({ "amount_cents": body.amount_cents, "reason": reason }),
    )
    .await?;
    tx.commit().await?;
    let b = ledger::vendor_balance(&state.db, id, chrono::Utc::now()).await?;
    Ok(Json(VendorBalanceView {
        vendor_id: id,
        pending_cents: b.pending_cents,
        available_cents: b.available_cents,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundPaid {
    /// Cents paid back to the buyer: more than zero, at most what is owed.
    pub amount_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundRecorded {
    pub order_id: Uuid,
    /// What is still owed back.
    pub refund_due_cents: i64,
}

/// Record money owed back to a buyer as paid back by other means (PayFast's dashboard or
/// the bank), e.g. for a cancelled order or a refund PayFast refused.
#[utoipa::path(
    post, path = "/admin/orders/{id}/refunds/paid", tag = "admin", operation_id = "admin_record_refund",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id")), request_body = RefundPaid,
    responses(
        (status = 200, body = RefundRecorded), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn record_refund_paid(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<RefundPaid>,
) -> ApiResult<Json<RefundRecorded>> {
    let mut tx = state.db.begin().await?;
    let order = orders::lock(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    if body.amount_cents <= 0 || body.amount_cents > order.refund_due_cents {
        return Err(ApiError::bad_field(
            "amount_cents",
            format!(
                "A refund is more than zero and at most the {} cents owed",
                order.refund_due_cents
            ),
        ));
    }
    orders::add_part_refund(&mut tx, id, -body.amount_cents, chrono::Utc::now()).await?;
    books::record_refund(&mut tx, &order, body.amount_cents, Some(admin.id)).await?;
    audited(
        &mut tx,
        &admin,
        "order.refund_paid",
        "order",
        id.to_string(),
        json!({ "amount_cents": body.amount_cents }),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(RefundRecorded {
        order_id: id,
        refund_due_cents: order.refund_due_cents - body.amount_cents,
    }))
}
