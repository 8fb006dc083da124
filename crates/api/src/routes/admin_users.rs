//! Users for admins (`/admin/users`): search, one user's orders, points and sessions, and
//! the changes admins make — role, suspension (sessions end at once), a lost second factor
//! reset, points adjusted with a reason, the confirmation email sent again. Changes carry
//! the version the admin saw (a second admin's stale change gets 409) and are audited; the
//! last active admin can be neither demoted nor suspended.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::admin;
use bazaar_db::admin::users::{self, AdminUser, UserFilter};
use bazaar_domain::admin::Role;
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
        .routes(routes!(list_users))
        .routes(routes!(get_user))
        .routes(routes!(set_role))
        .routes(routes!(suspend_user))
        .routes(routes!(reinstate_user))
        .routes(routes!(reset_factors))
        .routes(routes!(adjust_points))
        .routes(routes!(resend_confirmation))
}

/// A user as admins see them.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserView {
    pub id: Uuid,
    pub email: String,
    pub full_name: String,
    /// customer, vendor or admin.
    pub role: String,
    pub email_confirmed: bool,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub suspended: bool,
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspended_reason: Option<String>,
    pub points_balance: i64,
    /// Send it back with a change: a change made meanwhile by someone else gets 409.
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

impl From<AdminUser> for AdminUserView {
    fn from(u: AdminUser) -> Self {
        Self {
            id: u.id,
            email: u.email,
            full_name: u.full_name,
            role: u.role,
            email_confirmed: u.email_confirmed_at.is_some(),
            last_sign_in_at: u.last_sign_in_at,
            suspended: u.suspended_at.is_some(),
            suspended_at: u.suspended_at,
            suspended_reason: u.suspended_reason,
            points_balance: u.points_balance,
            version: u.version,
            created_at: u.created_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserListQuery {
    /// Text in the email or name.
    pub q: Option<String>,
    /// customer, vendor or admin.
    pub role: Option<String>,
    /// `suspended` or `active`.
    pub standing: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserList {
    /// Newest first.
    pub users: Vec<AdminUserView>,
    pub total: ListTotal,
}

/// Users, searched and filtered.
#[utoipa::path(
    get, path = "/admin/users", tag = "admin", operation_id = "admin_list_users",
    security(("bearer" = [])), params(UserListQuery),
    responses(
        (status = 200, body = AdminUserList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_users(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<UserListQuery>,
) -> ApiResult<Json<AdminUserList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let role = given(&q.role)
        .map(|r| {
            r.parse::<Role>()
                .map_err(|e| ApiError::bad_field("role", e))
        })
        .transpose()?;
    let suspended = match given(&q.standing) {
        None => None,
        Some("suspended") => Some(true),
        Some("active") => Some(false),
        Some(other) => {
            return Err(ApiError::bad_field(
                "standing",
                format!("'{other}' is not suspended or active"),
            ));
        }
    };
    let filter = UserFilter {
        q: given(&q.q).map(str::to_owned),
        role: role.map(|r| r.as_str().to_owned()),
        suspended,
    };
    let (rows, total) = users::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminUserList {
        users: rows.into_iter().map(AdminUserView::from).collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminSession {
    pub id: Uuid,
    /// aal1 (password) or aal2 (second factor verified).
    pub aal: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminPointsEntry {
    /// earned, spent or refunded.
    pub transaction_type: String,
    pub points_amount: i64,
    pub description: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserOrder {
    pub id: Uuid,
    pub order_number: String,
    pub status: String,
    pub total_cents: i64,
    pub created_at: DateTime<Utc>,
}

/// One user's page: who they are, their last orders, points and sessions, and what admins
/// did to the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserDetail {
    pub user: AdminUserView,
    /// Verified second factors.
    pub factors: i64,
    /// The 20 most recent.
    pub orders: Vec<AdminUserOrder>,
    pub orders_total: i64,
    /// The 20 most recent movements.
    pub points: Vec<AdminPointsEntry>,
    pub sessions: Vec<AdminSession>,
    pub audit: Vec<AuditEntry>,
}

fn user_not_found() -> ApiError {
    ApiError::NotFound("User not found".to_owned())
}

/// One user with their orders, points, sessions and audit history.
#[utoipa::path(
    get, path = "/admin/users/{id}", tag = "admin", operation_id = "admin_get_user",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, body = AdminUserDetail), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_user(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminUserDetail>> {
    Ok(Json(detail(&state, id).await?))
}

async fn detail(state: &AppState, id: Uuid) -> ApiResult<AdminUserDetail> {
    let user = users::get(&state.db, id)
        .await?
        .ok_or_else(user_not_found)?;
    let (orders, orders_total) = bazaar_db::orders::list(&state.db, id, 20, 0).await?;
    let points = bazaar_db::points::transactions(&state.db, id, 20).await?;
    Ok(AdminUserDetail {
        factors: users::factor_count(&state.db, id).await?,
        orders: orders
            .into_iter()
            .map(|o| AdminUserOrder {
                id: o.id,
                order_number: o.order_number,
                status: o.status.as_str().to_owned(),
                total_cents: o.total_cents,
                created_at: o.created_at,
            })
            .collect(),
        orders_total,
        points: points
            .into_iter()
            .map(|p| AdminPointsEntry {
                transaction_type: p.transaction_type,
                points_amount: p.points_amount,
                description: p.description,
                created_at: p.created_at,
            })
            .collect(),
        sessions: users::sessions(&state.db, id)
            .await?
            .into_iter()
            .map(|s| AdminSession {
                id: s.id,
                aal: s.aal,
                created_at: s.created_at,
                updated_at: s.updated_at,
            })
            .collect(),
        audit: history(state, "user", id).await?,
        user: user.into(),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RoleInput {
    /// customer, vendor or admin.
    pub role: String,
    /// The user's version as last read.
    pub version: i64,
}

/// Change a user's role.
#[utoipa::path(
    put, path = "/admin/users/{id}/role", tag = "admin", operation_id = "admin_set_user_role",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")), request_body = RoleInput,
    responses(
        (status = 200, body = AdminUserDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale` (changed meanwhile), `last_admin` or `unchanged`", body = ErrorBody)
    )
)]
async fn set_role(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<RoleInput>,
) -> ApiResult<Json<AdminUserDetail>> {
    let role: Role = body
        .role
        .parse()
        .map_err(|e| ApiError::bad_field("role", e))?;
    admin::set_role(&state.db, &actor(&caller), id, role, body.version).await?;
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UserSuspendInput {
    /// 3 to 500 characters, kept in the audit log.
    pub reason: String,
    /// The user's version as last read.
    pub version: i64,
}

/// Suspend an account: every session ends at once and signing in is refused with a clear
/// message until an admin reinstates it.
#[utoipa::path(
    post, path = "/admin/users/{id}/suspend", tag = "admin", operation_id = "admin_suspend_user",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")), request_body = UserSuspendInput,
    responses(
        (status = 200, body = AdminUserDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale`, `last_admin`, `self` or `unchanged`", body = ErrorBody)
    )
)]
async fn suspend_user(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<UserSuspendInput>,
) -> ApiResult<Json<AdminUserDetail>> {
    admin::suspend(&state.db, &actor(&caller), id, &body.reason, body.version).await?;
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VersionInput {
    /// The user's version as last read.
    pub version: i64,
}

/// Lift a suspension.
#[utoipa::path(
    post, path = "/admin/users/{id}/reinstate", tag = "admin", operation_id = "admin_reinstate_user",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")), request_body = VersionInput,
    responses(
        (status = 200, body = AdminUserDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale` or `unchanged`", body = ErrorBody)
    )
)]
async fn reinstate_user(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<VersionInput>,
) -> ApiResult<Json<AdminUserDetail>> {
    admin::reinstate(&state.db, &actor(&caller), id, body.version).await?;
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReasonInput {
    /// 3 to 500 characters, kept in the audit log.
    pub reason: String,
}

/// Remove a user's second factors (a lost authenticator): their sessions end, they sign in
/// with their password and may enrol a new factor.
#[utoipa::path(
    post, path = "/admin/users/{id}/reset-factors", tag = "admin", operation_id = "admin_reset_user_factors",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")), request_body = ReasonInput,
    responses(
        (status = 200, body = AdminUserDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`unchanged`: no second factor", body = ErrorBody)
    )
)]
async fn reset_factors(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ReasonInput>,
) -> ApiResult<Json<AdminUserDetail>> {
    admin::reset_factors(&state.db, &actor(&caller), id, &body.reason).await?;
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PointsInput {
    /// Points to add (positive) or take (negative), at most 1,000,000 either way.
    pub points: i64,
    /// 3 to 500 characters: shown in the customer's points history.
    pub reason: String,
}

/// Add or take points with a reason; a balance never goes below zero.
#[utoipa::path(
    post, path = "/admin/users/{id}/points", tag = "admin", operation_id = "admin_adjust_user_points",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")), request_body = PointsInput,
    responses(
        (status = 200, body = AdminUserDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`insufficient_points`", body = ErrorBody)
    )
)]
async fn adjust_points(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<PointsInput>,
) -> ApiResult<Json<AdminUserDetail>> {
    admin::adjust_points(&state.db, &actor(&caller), id, body.points, &body.reason).await?;
    Ok(Json(detail(&state, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationSent {
    pub email: String,
}

/// Send the confirmation email again to a user who has not confirmed their address.
#[utoipa::path(
    post, path = "/admin/users/{id}/resend-confirmation", tag = "admin", operation_id = "admin_resend_confirmation",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, body = ConfirmationSent), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`confirmed`: the address is confirmed already", body = ErrorBody),
        (status = 502, description = "The email could not be sent", body = ErrorBody)
    )
)]
async fn resend_confirmation(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ConfirmationSent>> {
    let user = bazaar_db::accounts::user_by_id(&state.db, id)
        .await?
        .ok_or_else(user_not_found)?;
    let sent = crate::auth::resend_confirmation(&state, &user)
        .await
        .map_err(|e| {
            tracing::warn!(error = %e.message, "confirmation email not sent");
            ApiError::rule(
                axum::http::StatusCode::BAD_GATEWAY,
                "email_failed",
                "Email not sent",
                "The email could not be sent: try again later",
            )
        })?;
    if !sent {
        return Err(ApiError::rule(
            axum::http::StatusCode::CONFLICT,
            "confirmed",
            "Not possible now",
            "This address is confirmed already",
        ));
    }
    let mut tx = state.db.begin().await?;
    admin::record(
        &mut tx,
        &actor(&caller),
        "user.resend_confirmation",
        "user",
        id.to_string(),
        serde_json::json!({ "email": user.email }),
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(ConfirmationSent { email: user.email }))
}
