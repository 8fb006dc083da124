//! Order notifications of the signed-in user (SPEC.md §3–4, §7): newest first, 50 kept,
//! mark one or all read. Another user's notification is a 404.

use axum::Json;
use axum::extract::{Path, State};
use bazaar_db::notifications::{self, Notification};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(mark_read))
        .routes(routes!(mark_all_read))
}

/// One notification.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationView {
    pub id: Uuid,
    /// The order it is about; null for notifications about a vendor application.
    pub order_id: Option<Uuid>,
    /// order_confirmed, processing, shipped, delivered, cancelled, application_approved,
    /// application_rejected or application_changes_requested.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub message: String,
    pub read: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The site path to open for it, when there is one.
    pub link: Option<String>,
}

impl From<Notification> for NotificationView {
    fn from(n: Notification) -> Self {
        Self {
            id: n.id,
            order_id: n.order_id,
            kind: n.kind,
            title: n.title,
            message: n.message,
            read: n.read,
            created_at: n.created_at,
            link: n.link,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationList {
    pub notifications: Vec<NotificationView>,
    /// How many of them are unread.
    pub unread: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationResponse {
    pub notification: NotificationView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MarkedRead {
    /// How many notifications changed from unread to read.
    pub updated: u64,
}

/// The caller's notifications, newest first (at most 50).
#[utoipa::path(
    get, path = "/notifications", tag = "notifications", operation_id = "list_notifications",
    security(("bearer" = [])),
    responses((status = 200, body = NotificationList), (status = 401, body = ErrorBody))
)]
async fn list_notifications(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<NotificationList>> {
    let list = notifications::list(&state.db, user.id).await?;
    let unread = list.iter().filter(|n| !n.read).count() as i64;
    Ok(Json(NotificationList {
        notifications: list.into_iter().map(Into::into).collect(),
        unread,
    }))
}

/// Marks one of the caller's notifications read.
#[utoipa::path(
    post, path = "/notifications/{id}/read", tag = "notifications", operation_id = "mark_notification_read",
    security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = NotificationResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn mark_read(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<NotificationResponse>> {
    let id =
        Uuid::parse_str(&id).map_err(|_| ApiError::NotFound("Notification not found".into()))?;
    let notification = notifications::mark_read(&state.db, user.id, id)
        .await
        .map_err(|e| match e {
            bazaar_db::DbError::NotFound => ApiError::NotFound("Notification not found".into()),
            other => other.into(),
        })?;
    Ok(Json(NotificationResponse {
        notification: notification.into(),
    }))
}

/// Marks all the caller's notifications read.
#[utoipa::path(
    post, path = "/notifications/read-all", tag = "notifications", operation_id = "mark_all_notifications_read",
    security(("bearer" = [])),
    responses((status = 200, body = MarkedRead), (status = 401, body = ErrorBody))
)]
async fn mark_all_read(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<MarkedRead>> {
    let updated = notifications::mark_all_read(&state.db, user.id).await?;
    Ok(Json(MarkedRead { updated }))
}
