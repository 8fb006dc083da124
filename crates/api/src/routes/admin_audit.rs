//! The audit log (`/admin/audit-log`): every admin action — who, when, what, before and
//! after — filtered by admin, action, object and days. Read-only: the API has no way to
//! change or remove an entry.

use axum::Json;
use axum::extract::State;
use bazaar_db::audit::{self, Filter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin_lists::{AuditEntry, ListTotal, day_start, given, paging};
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_entries))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Text in the acting admin's email.
    pub actor: Option<String>,
    /// An action (`user.suspend`) or every action on a kind of object (`user`).
    pub action: Option<String>,
    /// user, product, order, vendor, vendor_application, …
    pub subject_type: Option<String>,
    /// One object's id.
    pub subject_id: Option<String>,
    /// On or after this day (YYYY-MM-DD, South African time).
    pub from: Option<String>,
    /// On or before this day (YYYY-MM-DD).
    pub to: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditLog {
    /// Newest first.
    pub entries: Vec<AuditEntry>,
    pub total: ListTotal,
}

/// The admin actions, filtered.
#[utoipa::path(
    get, path = "/admin/audit-log", tag = "admin", operation_id = "admin_audit_log",
    security(("bearer" = [])), params(AuditQuery),
    responses(
        (status = 200, body = AuditLog), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_entries(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> ApiResult<Json<AuditLog>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let filter = Filter {
        actor: given(&q.actor).map(str::to_owned),
        action: given(&q.action).map(str::to_owned),
        subject_type: given(&q.subject_type).map(str::to_owned),
        subject_id: given(&q.subject_id).map(str::to_owned),
        from: day_start("from", &q.from, false)?,
        to: day_start("to", &q.to, true)?,
    };
    let (rows, total) = audit::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AuditLog {
        entries: rows.into_iter().map(AuditEntry::from).collect(),
        total: total.into(),
    }))
}
