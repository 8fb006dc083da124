//! Daily deals: vendors propose and withdraw (`/vendor/daily-deals…`, scoped to their
//! store: another store's deal answers 404), admins decide (`/admin/daily-deals…`,
//! audited). Approved deals show on `/daily-deals` on their date through the products'
//! `daily_deal` flag and price.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::terms::{self, Proposal};
use bazaar_db::deals::{self, DealRow};
use bazaar_domain::deal::{self, DealAction, DealStatus};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::selling::actor;
use super::vendor_products::seller;
use crate::auth::{AdminActor, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(vendor_deals, propose_deal))
        .routes(routes!(withdraw_deal))
        .routes(routes!(admin_deals, admin_schedule_deal))
        .routes(routes!(decide_deal))
}

/// A daily deal.
#[derive(Debug, Serialize, ToSchema)]
pub struct DailyDeal {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub store_name: String,
    pub product_id: Uuid,
    pub product_name: String,
    pub product_slug: String,
    pub image_url: Option<String>,
    /// The product's regular price now.
    pub price_cents: i64,
    /// `YYYY-MM-DD`, South African time.
    #[schema(value_type = String, format = Date)]
    pub deal_date: NaiveDate,
    pub deal_price_cents: i64,
    /// proposed, approved, rejected or withdrawn.
    pub status: String,
    /// The admin's reason, when rejected.
    pub decision_note: String,
    pub decided_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<DealRow> for DailyDeal {
    fn from(d: DealRow) -> Self {
        Self {
            id: d.id,
            vendor_id: d.vendor_id,
            store_name: d.store_name,
            product_id: d.product_id,
            product_name: d.product_name,
            product_slug: d.product_slug,
            image_url: d.image_url,
            price_cents: d.price_cents,
            deal_date: d.deal_date,
            deal_price_cents: d.deal_price_cents,
            status: d.status,
            decision_note: d.decision_note,
            decided_at: d.decided_at,
            created_at: d.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DailyDealList {
    pub items: Vec<DailyDeal>,
    /// Today's date in South Africa (`YYYY-MM-DD`), the date deals run on.
    #[schema(value_type = String, format = Date)]
    pub today: NaiveDate,
}

/// The caller's deals from today on, by date.
#[utoipa::path(
    get, path = "/vendor/daily-deals", tag = "vendor", operation_id = "vendor_list_deals",
    security(("bearer" = [])),
    responses(
        (status = 200, body = DailyDealList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_deals(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<DailyDealList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let today = deal::today(Utc::now());
    let rows = deals::of_vendor(&state.db, seller.store_id, today).await?;
    Ok(Json(DailyDealList {
        items: rows.into_iter().map(Into::into).collect(),
        today,
    }))
}

/// A proposal.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DealInput {
    /// One of the caller's products without variations.
    pub product_id: Uuid,
    /// `YYYY-MM-DD`, from tomorrow to 90 days ahead.
    pub deal_date: String,
    /// Below what customers pay for the product now.
    pub deal_price_cents: i64,
}

/// Propose one of the caller's products for a date at a deal price; an admin decides.
#[utoipa::path(
    post, path = "/vendor/daily-deals", tag = "vendor", operation_id = "vendor_propose_deal",
    security(("bearer" = [])), request_body = DealInput,
    responses(
        (status = 201, body = DailyDeal), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody),
        (status = 409, description = "The product has a deal on that date", body = ErrorBody)
    )
)]
async fn propose_deal(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<DealInput>,
) -> ApiResult<(StatusCode, Json<DailyDeal>)> {
    let seller = seller(&state, vendor.0.id).await?;
    let proposal = Proposal {
        product_id: body.product_id,
        deal_date: body.deal_date,
        deal_price_cents: body.deal_price_cents,
    };
    let id = terms::propose_deal(&state.db, seller, &proposal).await?;
    let row = deals::one_of_vendor(&state.db, seller.store_id, id).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DealMoved {
    /// The deal's status now.
    pub status: String,
}

/// Withdraw one of the caller's proposed or approved deals before its date.
#[utoipa::path(
    post, path = "/vendor/daily-deals/{id}/withdraw", tag = "vendor", operation_id = "vendor_withdraw_deal",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = DealMoved), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "Not possible in the deal's status", body = ErrorBody)
    )
)]
async fn withdraw_deal(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<DealMoved>> {
    let user = vendor.0;
    let seller = seller(&state, user.id).await?;
    let status = terms::decide_deal(
        &state.db,
        &actor(&user),
        Some(seller),
        id,
        DealAction::Withdraw,
        None,
    )
    .await?;
    Ok(Json(DealMoved {
        status: status.as_str().to_owned(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminDealQuery {
    /// proposed, approved, rejected or withdrawn; all when left out.
    pub status: Option<String>,
}

/// Deals from today on (at most 500), by date.
#[utoipa::path(
    get, path = "/admin/daily-deals", tag = "admin", operation_id = "admin_list_deals",
    security(("bearer" = [])), params(AdminDealQuery),
    responses(
        (status = 200, body = DailyDealList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_deals(
    State(state): State<AppState>,
    AdminActor(_admin): AdminActor,
    ApiQuery(q): ApiQuery<AdminDealQuery>,
) -> ApiResult<Json<DailyDealList>> {
    let status = q
        .status
        .as_deref()
        .map(str::parse::<DealStatus>)
        .transpose()
        .map_err(|e| ApiError::BadRequest {
            message: e.clone(),
            fields: [("status".to_owned(), e)].into(),
        })?;
    let today = deal::today(Utc::now());
    let rows = deals::all(&state.db, status, today).await?;
    Ok(Json(DailyDealList {
        items: rows.into_iter().map(Into::into).collect(),
        today,
    }))
}

/// An admin puts any store's product on a daily deal, from today on: approved at once and
/// audited; a deal for today changes the price at once.
#[utoipa::path(
    post, path = "/admin/daily-deals", tag = "admin", operation_id = "admin_schedule_deal",
    security(("bearer" = [])), request_body = DealInput,
    responses(
        (status = 201, body = DailyDeal), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "`deal_taken`: the product has a deal on that date", body = ErrorBody)
    )
)]
async fn admin_schedule_deal(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiJson(body): ApiJson<DealInput>,
) -> ApiResult<(StatusCode, Json<DailyDeal>)> {
    let proposal = Proposal {
        product_id: body.product_id,
        deal_date: body.deal_date,
        deal_price_cents: body.deal_price_cents,
    };
    let id = terms::schedule_deal(&state.db, &actor(&admin), &proposal).await?;
    let row = deals::one_of(&state.db, None, id).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DealDecision {
    pub approve: bool,
    /// Required to reject: 3 to 1000 characters, shown to the vendor and kept in the audit log.
    pub note: Option<String>,
}

/// An admin approves or rejects a proposed deal (or rejects an approved one before its
/// date). Audited.
#[utoipa::path(
    post, path = "/admin/daily-deals/{id}/decision", tag = "admin", operation_id = "admin_decide_deal",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = DealDecision,
    responses(
        (status = 200, body = DealMoved), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not possible in the deal's status or on its date", body = ErrorBody)
    )
)]
async fn decide_deal(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<DealDecision>,
) -> ApiResult<Json<DealMoved>> {
    let action = if body.approve {
        DealAction::Approve
    } else {
        DealAction::Reject
    };
    let status = terms::decide_deal(
        &state.db,
        &actor(&admin),
        None,
        id,
        action,
        body.note.as_deref(),
    )
    .await?;
    Ok(Json(DealMoved {
        status: status.as_str().to_owned(),
    }))
}
