//! The admin side of selling (`/admin/…`): the application queue and its decisions, the
//! stores (suspend, reinstate, commission override) and the vendor agreement's versions.
//! Every change is audited in its own transaction (see `bazaar_commerce::selling`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::selling;
use bazaar_db::{agreements, vendor_applications as applications, vendors};
use bazaar_domain::vendor::{AgreementText, ApplicationStatus, CommissionRate, Decision};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::selling::{Agreement, Applicant, Application, actor};
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_applications))
        .routes(routes!(get_application))
        .routes(routes!(decide_application))
        .routes(routes!(list_vendors))
        .routes(routes!(suspend_vendor))
        .routes(routes!(reinstate_vendor))
        .routes(routes!(set_vendor_commission))
        .routes(routes!(list_agreements, publish_agreement))
}

const MAX_PER_PAGE: i64 = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this status.
    pub status: Option<String>,
    /// Text in the store name, store address or the owner's email.
    pub q: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

impl ListQuery {
    fn paging(&self) -> ApiResult<(i64, i64)> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(20);
        if page < 1 {
            return Err(ApiError::bad_field("page", "page starts at 1"));
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(ApiError::bad_field(
                "per_page",
                format!("per_page is 1 to {MAX_PER_PAGE}"),
            ));
        }
        Ok((per_page, (page - 1).saturating_mul(per_page)))
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminApplicationList {
    /// Oldest submission first.
    pub applications: Vec<Application>,
    pub total: i64,
}

/// The application queue, filtered by status and text.
#[utoipa::path(
    get, path = "/admin/vendor-applications", tag = "admin", operation_id = "admin_list_vendor_applications",
    security(("bearer" = [])), params(ListQuery),
    responses(
        (status = 200, body = AdminApplicationList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_applications(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Json<AdminApplicationList>> {
    let (limit, offset) = q.paging()?;
    let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => Some(
            s.parse::<ApplicationStatus>()
                .map_err(|e| ApiError::bad_field("status", e))?
                .as_str()
                .to_owned(),
        ),
        None => None,
    };
    let filter = applications::Filter {
        status,
        q: q.q.clone(),
    };
    let (rows, total) = applications::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminApplicationList {
        applications: Application::load_all(&state, rows).await?,
        total,
    }))
}

fn application_not_found() -> ApiError {
    ApiError::NotFound("Application not found".to_owned())
}

/// One application with its history.
#[utoipa::path(
    get, path = "/admin/vendor-applications/{id}", tag = "admin", operation_id = "admin_get_vendor_application",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Application id")),
    responses(
        (status = 200, body = Application), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn get_application(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Application>> {
    Application::load(&state, id)
        .await?
        .map(Json)
        .ok_or_else(application_not_found)
}

/// An admin's decision.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DecisionInput {
    /// approve, reject or request_changes.
    pub decision: String,
    /// Why (required to reject or request changes): shown to the applicant.
    pub message: Option<String>,
}

/// Approve, reject or ask for changes. Approving opens the store and makes the applicant a
/// vendor. Only a submitted application can be decided: a second admin deciding the same
/// one gets 409.
#[utoipa::path(
    post, path = "/admin/vendor-applications/{id}/decision", tag = "admin", operation_id = "admin_decide_vendor_application",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Application id")),
    request_body = DecisionInput,
    responses(
        (status = 200, body = Application), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`already_decided`, or `store_exists`", body = ErrorBody)
    )
)]
async fn decide_application(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<DecisionInput>,
) -> ApiResult<Json<Application>> {
    let decision: Decision = body
        .decision
        .parse()
        .map_err(|e| ApiError::bad_field("decision", e))?;
    selling::decide(
        &state.db,
        &actor(&admin),
        id,
        decision,
        body.message.as_deref(),
    )
    .await?;
    Application::load(&state, id)
        .await?
        .map(Json)
        .ok_or_else(application_not_found)
}

/// A store as the admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminVendor {
    pub id: Uuid,
    pub store_slug: String,
    pub store_name: String,
    /// pending, approved, rejected or suspended.
    pub status: String,
    pub suspended_reason: Option<String>,
    pub category_focus: String,
    /// Who runs it (stores created by the seed or an import may have nobody yet).
    pub owner: Option<Applicant>,
    /// The admin's override, in basis points; null: the agreement's rate.
    pub commission_rate_bps: Option<i64>,
    /// The rate the store pays now.
    pub effective_commission_bps: i64,
    /// Products in any status.
    pub products: i64,
    pub created_at: DateTime<Utc>,
}

impl AdminVendor {
    fn new(v: vendors::StoreRow, agreement_bps: i64) -> Self {
        Self {
            owner: v.user_id.map(|id| Applicant {
                id,
                email: v.owner_email.clone().unwrap_or_default(),
                full_name: v.owner_name.clone().unwrap_or_default(),
            }),
            effective_commission_bps: CommissionRate::effective(
                v.commission_rate_bps,
                agreement_bps,
            ),
            id: v.id,
            store_slug: v.store_slug,
            store_name: v.store_name,
            status: v.status,
            suspended_reason: v.suspended_reason,
            category_focus: v.category_focus,
            commission_rate_bps: v.commission_rate_bps,
            products: v.products,
            created_at: v.created_at,
        }
    }

    async fn load(state: &AppState, id: Uuid) -> ApiResult<Self> {
        let store = vendors::store(&state.db, id)
            .await?
            .ok_or_else(vendor_not_found)?;
        let agreement = agreements::current(&state.db).await?;
        Ok(Self::new(store, agreement.commission_rate_bps))
    }
}

fn vendor_not_found() -> ApiError {
    ApiError::NotFound("Store not found".to_owned())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminVendorList {
    /// By store name.
    pub vendors: Vec<AdminVendor>,
    pub total: i64,
}

/// The stores, filtered by status and text.
#[utoipa::path(
    get, path = "/admin/vendors", tag = "admin", operation_id = "admin_list_vendors",
    security(("bearer" = [])), params(ListQuery),
    responses(
        (status = 200, body = AdminVendorList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_vendors(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Json<AdminVendorList>> {
    let (limit, offset) = q.paging()?;
    let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => Some(
            s.parse::<bazaar_domain::catalogue::VendorStatus>()
                .map_err(|e| ApiError::bad_field("status", e))?,
        ),
        None => None,
    };
    let (rows, total) = vendors::list_stores(
        &state.db,
        status.map(|s| s.as_str()),
        q.q.as_deref(),
        limit,
        offset,
    )
    .await?;
    let agreement = agreements::current(&state.db).await?;
    Ok(Json(AdminVendorList {
        vendors: rows
            .into_iter()
            .map(|v| AdminVendor::new(v, agreement.commission_rate_bps))
            .collect(),
        total,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SuspendInput {
    /// Why (3 to 1000 characters), kept with the store and in the audit log.
    pub reason: String,
}

/// Suspend an approved store: its products leave every listing, search and cart at once.
#[utoipa::path(
    post, path = "/admin/vendors/{id}/suspend", tag = "admin", operation_id = "admin_suspend_vendor",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Store id")),
    request_body = SuspendInput,
    responses(
        (status = 200, body = AdminVendor), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_approved`", body = ErrorBody)
    )
)]
async fn suspend_vendor(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<SuspendInput>,
) -> ApiResult<Json<AdminVendor>> {
    selling::set_standing(&state.db, &actor(&admin), id, Some(&body.reason)).await?;
    Ok(Json(AdminVendor::load(&state, id).await?))
}

/// Reinstate a suspended store: its active products are listed again.
#[utoipa::path(
    post, path = "/admin/vendors/{id}/reinstate", tag = "admin", operation_id = "admin_reinstate_vendor",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Store id")),
    responses(
        (status = 200, body = AdminVendor), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "`not_suspended`", body = ErrorBody)
    )
)]
async fn reinstate_vendor(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminVendor>> {
    selling::set_standing(&state.db, &actor(&admin), id, None).await?;
    Ok(Json(AdminVendor::load(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CommissionInput {
    /// 0 to 5000 basis points; null goes back to the agreement's rate.
    pub commission_rate_bps: Option<i64>,
}

/// Override a store's commission rate, or clear the override.
#[utoipa::path(
    put, path = "/admin/vendors/{id}/commission", tag = "admin", operation_id = "admin_set_vendor_commission",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Store id")),
    request_body = CommissionInput,
    responses(
        (status = 200, body = AdminVendor), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn set_vendor_commission(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CommissionInput>,
) -> ApiResult<Json<AdminVendor>> {
    selling::set_commission(&state.db, &actor(&admin), id, body.commission_rate_bps).await?;
    Ok(Json(AdminVendor::load(&state, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgreementList {
    /// Newest version first.
    pub agreements: Vec<Agreement>,
}

/// Every version of the vendor agreement.
#[utoipa::path(
    get, path = "/admin/vendor-agreements", tag = "admin", operation_id = "admin_list_vendor_agreements",
    security(("bearer" = [])),
    responses((status = 200, body = AgreementList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
)]
async fn list_agreements(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AgreementList>> {
    Ok(Json(AgreementList {
        agreements: agreements::all(&state.db)
            .await?
            .into_iter()
            .map(Agreement::from)
            .collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AgreementInput {
    /// 3 to 120 characters.
    pub title: String,
    /// 0 to 5000 basis points.
    pub commission_rate_bps: i64,
    /// 3 to 200 characters.
    pub payout_schedule: String,
    /// 20 to 50,000 characters of plain text.
    pub terms: String,
}

/// Publish a new version: it becomes current, and every vendor accepts it before
/// publishing products again.
#[utoipa::path(
    post, path = "/admin/vendor-agreements", tag = "admin", operation_id = "admin_publish_vendor_agreement",
    security(("bearer" = [])), request_body = AgreementInput,
    responses(
        (status = 201, body = Agreement), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn publish_agreement(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiJson(body): ApiJson<AgreementInput>,
) -> ApiResult<(StatusCode, Json<Agreement>)> {
    let text = AgreementText::parse(
        &body.title,
        body.commission_rate_bps,
        &body.payout_schedule,
        &body.terms,
    )
    .map_err(|fields| ApiError::BadRequest {
        message: fields.values().next().cloned().unwrap_or_default(),
        fields,
    })?;
    let row = selling::publish_agreement(&state.db, &actor(&admin), &text).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}
