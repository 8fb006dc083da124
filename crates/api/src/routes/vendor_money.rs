//! The vendor's money (`/vendor/money…`, vendor role): what they are owed (pending until
//! N days after delivery, then available), their payouts, and every posting of a month
//! with its order, also as a CSV statement. Only ever the caller's own store.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use bazaar_commerce::books;
use bazaar_db::ledger::{self, Payout, StatementEntry};
use bazaar_domain::ledger::{PayoutSettings, month_bounds, sast};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::parse_page;
use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(vendor_money))
        .routes(routes!(vendor_money_entries))
        .routes(routes!(vendor_statement_csv))
        .routes(routes!(vendor_statement_pdf))
}

/// A payout as its vendor (or an admin) sees it; the account number masked.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutView {
    pub id: Uuid,
    pub run_id: Uuid,
    pub vendor_id: Uuid,
    pub store_name: String,
    pub amount_cents: i64,
    /// sent, paid or failed.
    pub status: String,
    pub account_holder: String,
    /// The last four digits.
    pub account_number_last4: String,
    pub branch_code: String,
    pub reference: String,
    pub failure_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub settled_at: Option<DateTime<Utc>>,
}

impl From<Payout> for PayoutView {
    fn from(p: Payout) -> Self {
        let digits: Vec<char> = p.account_number.chars().collect();
        let last4: String = digits[digits.len().saturating_sub(4)..].iter().collect();
        PayoutView {
            id: p.id,
            run_id: p.run_id,
            vendor_id: p.vendor_id,
            store_name: p.store_name,
            amount_cents: p.amount_cents,
            status: p.status,
            account_holder: p.account_holder,
            account_number_last4: last4,
            branch_code: p.branch_code,
            reference: p.reference,
            failure_reason: p.failure_reason,
            created_at: p.created_at,
            settled_at: p.settled_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorMoney {
    pub currency: String,
    /// Sold and not yet payable: until N days after delivery.
    pub pending_cents: i64,
    /// Payable in the next payout run (once at least the minimum).
    pub available_cents: i64,
    /// Days after delivery before a sale may be paid out.
    pub hold_days: i64,
    /// The smallest payout.
    pub minimum_payout_cents: i64,
    /// The latest payouts, newest first.
    pub payouts: Vec<PayoutView>,
}

/// The caller's balance and payouts.
#[utoipa::path(
    get, path = "/vendor/money", tag = "vendor", operation_id = "vendor_money",
    security(("bearer" = [])),
    responses(
        (status = 200, body = VendorMoney), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_money(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<VendorMoney>> {
    let seller = seller(&state, vendor.0.id).await?;
    let balance = ledger::vendor_balance(&state.db, seller.store_id, Utc::now()).await?;
    let settings = bazaar_db::settings::system(&state.db, "payout_settings").await?;
    let settings = PayoutSettings::from_json(settings.as_ref());
    let payouts = ledger::vendor_payouts(&state.db, seller.store_id, 20).await?;
    Ok(Json(VendorMoney {
        currency: "ZAR".into(),
        pending_cents: balance.pending_cents,
        available_cents: balance.available_cents,
        hold_days: settings.hold_days,
        minimum_payout_cents: settings.minimum_cents,
        payouts: payouts.into_iter().map(PayoutView::from).collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EntriesQuery {
    /// `YYYY-MM` (South African time); the current month by default.
    pub month: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// One posting to the vendor's balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct MoneyEntry {
    pub id: Uuid,
    /// sale, cancellation, release, payout, payout_paid, payout_failed or adjustment.
    pub kind: String,
    /// pending or available.
    pub balance: String,
    /// What the vendor is owed more (positive) or less (negative).
    pub amount_cents: i64,
    pub description: String,
    pub order_id: Option<Uuid>,
    pub order_number: Option<String>,
    pub payout_id: Option<Uuid>,
    /// When it counts (a release is dated the end of the hold).
    pub effective_at: DateTime<Utc>,
}

impl From<StatementEntry> for MoneyEntry {
    fn from(e: StatementEntry) -> Self {
        MoneyEntry {
            id: e.id,
            kind: e.kind,
            balance: if e.account == "vendor_pending" {
                "pending".into()
            } else {
                "available".into()
            },
            amount_cents: e.amount_cents,
            description: e.memo,
            order_id: e.order_id,
            order_number: e.order_number,
            payout_id: e.payout_id,
            effective_at: e.effective_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MoneyEntries {
    pub month: String,
    pub items: Vec<MoneyEntry>,
    pub meta: ListMeta,
}

fn month_of(q: Option<&str>) -> ApiResult<(String, DateTime<Utc>, DateTime<Utc>)> {
    let month = match q.map(str::trim).filter(|m| !m.is_empty()) {
        Some(m) => m.to_owned(),
        None => Utc::now()
            .with_timezone(&sast())
            .format("%Y-%m")
            .to_string(),
    };
    let (from, to) = month_bounds(&month).map_err(|e| ApiError::bad_field("month", e))?;
    Ok((month, from, to))
}

/// The caller's postings of a month, newest first.
#[utoipa::path(
    get, path = "/vendor/money/entries", tag = "vendor", operation_id = "vendor_money_entries",
    security(("bearer" = [])), params(EntriesQuery),
    responses(
        (status = 200, body = MoneyEntries), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_money_entries(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<EntriesQuery>,
) -> ApiResult<Json<MoneyEntries>> {
    let seller = seller(&state, vendor.0.id).await?;
    let (month, from, to) = month_of(q.month.as_deref())?;
    let page = parse_page(&q.page, &q.per_page)?;
    let (rows, total) = ledger::vendor_entries(
        &state.db,
        seller.store_id,
        from,
        to,
        i64::from(page.per_page),
        i64::from(page.page - 1) * i64::from(page.per_page),
    )
    .await?;
    Ok(Json(MoneyEntries {
        month,
        items: rows.into_iter().map(MoneyEntry::from).collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatementQuery {
    /// `YYYY-MM` (South African time); the current month by default.
    pub month: Option<String>,
}

/// The whole statement of a month is at most this many postings.
const STATEMENT_MAX: i64 = 100_000;

/// The caller's statement of a month as CSV: opening balance, every posting and the
/// closing balance.
#[utoipa::path(
    get, path = "/vendor/money/statement.csv", tag = "vendor", operation_id = "vendor_statement_csv",
    security(("bearer" = [])), params(StatementQuery),
    responses(
        (status = 200, description = "The statement", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_statement_csv(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<StatementQuery>,
) -> ApiResult<Response> {
    let seller = seller(&state, vendor.0.id).await?;
    let (month, from, to) = month_of(q.month.as_deref())?;
    let opening = ledger::vendor_balance_before(&state.db, seller.store_id, from).await?;
    let (rows, _) =
        ledger::vendor_entries(&state.db, seller.store_id, from, to, STATEMENT_MAX, 0).await?;
    let csv = books::statement_csv(&month, opening, &rows);
    let mut response = csv.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    let disposition = format!("attachment; filename=\"statement-{month}.csv\"");
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&disposition).expect("a month is ASCII"),
    );
    Ok(response)
}

/// The caller's statement of a month as a PDF.
#[utoipa::path(
    get, path = "/vendor/money/statement.pdf", tag = "vendor", operation_id = "vendor_statement_pdf",
    security(("bearer" = [])), params(StatementQuery),
    responses(
        (status = 200, description = "The statement", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_statement_pdf(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<StatementQuery>,
) -> ApiResult<Response> {
    let seller = seller(&state, vendor.0.id).await?;
    let store = bazaar_db::vendors::store(&state.db, seller.store_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have no store yet".into()))?;
    let (month, from, to) = month_of(q.month.as_deref())?;
    let opening = ledger::vendor_balance_before(&state.db, seller.store_id, from).await?;
    let (rows, _) =
        ledger::vendor_entries(&state.db, seller.store_id, from, to, STATEMENT_MAX, 0).await?;
    let pdf = books::statement_pdf(&store.store_name, &month, opening, &rows);
    let mut response = pdf.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    let disposition = format!("attachment; filename=\"statement-{month}.pdf\"");
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&disposition).expect("a month is ASCII"),
    );
    Ok(response)
}
