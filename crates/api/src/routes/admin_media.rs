//! Every store's media for admins (`/admin/media…`): each item with its store and where it
//! is used, filtered, and removing items nothing uses, all or nothing (audited as
//! `media.remove`; the stored files are deleted once the removal commits).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::admin_tools;
use bazaar_db::admin::media::{self, MediaFilter, StoreMedia};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{BulkResult, ListTotal, given, paging};
use super::media::delete_stored;
use super::params::parse_bool;
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_media))
        .routes(routes!(remove_media))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminMediaQuery {
    /// Text in the file's name or alt text.
    pub q: Option<String>,
    /// A store's id.
    pub vendor_id: Option<Uuid>,
    /// image or video.
    pub kind: Option<String>,
    /// `true`: only items nothing uses.
    pub unused: Option<String>,
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

/// A library item of any store, with where it is used.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminMediaItem {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub vendor_name: Option<String>,
    /// image or video.
    pub kind: String,
    pub content_type: String,
    pub bytes: i64,
    /// The original, under `/media/`.
    pub url: String,
    /// The smallest rendition, for a thumbnail (pictures, once made).
    pub thumbnail_url: Option<String>,
    pub original_name: String,
    pub alt_text: String,
    /// Products (with their variations) showing it.
    pub product_uses: i64,
    /// 1 when it is the store's logo or banner (or both: 2).
    pub store_uses: i64,
    pub created_at: DateTime<Utc>,
}

impl From<StoreMedia> for AdminMediaItem {
    fn from(m: StoreMedia) -> Self {
        let thumbnail_url = m
            .renditions
            .as_array()
            .and_then(|r| r.first())
            .and_then(|r| r["key"].as_str())
            .map(|k| format!("/media/{k}"));
        Self {
            id: m.id,
            vendor_id: m.vendor_id,
            vendor_name: m.vendor_name,
            kind: m.kind,
            content_type: m.content_type,
            bytes: m.bytes,
            url: format!("/media/{}", m.storage_key),
            thumbnail_url,
            original_name: m.original_name,
            alt_text: m.alt_text,
            product_uses: m.product_uses,
            store_uses: m.store_uses,
            created_at: m.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminMediaList {
    /// Newest first.
    pub media: Vec<AdminMediaItem>,
    pub total: ListTotal,
}

/// Every store's media, newest first, with where each item is used.
#[utoipa::path(
    get, path = "/admin/media", tag = "admin", operation_id = "admin_list_media",
    security(("bearer" = [])), params(AdminMediaQuery),
    responses(
        (status = 200, body = AdminMediaList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_media(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AdminMediaQuery>,
) -> ApiResult<Json<AdminMediaList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let kind = match given(&q.kind) {
        None => None,
        Some(k @ ("image" | "video")) => Some(k.to_owned()),
        Some(_) => return Err(ApiError::bad_field("kind", "kind is image or video")),
    };
    let filter = MediaFilter {
        q: given(&q.q).map(str::to_owned),
        vendor_id: q.vendor_id,
        kind,
        unused: parse_bool("unused", &q.unused)?.unwrap_or(false),
    };
    let (rows, total) = media::list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminMediaList {
        media: rows.into_iter().map(AdminMediaItem::from).collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MediaRemoval {
    /// 1 to 100 items, none of them in use.
    pub ids: Vec<Uuid>,
}

/// Removes media items nothing uses, all or nothing: an item in use (or unknown) refuses
/// the whole removal, row by row.
#[utoipa::path(
    post, path = "/admin/media/remove", tag = "admin", operation_id = "admin_remove_media",
    security(("bearer" = [])), request_body = MediaRemoval,
    responses(
        (status = 200, description = "Row by row; `applied` false when nothing was removed", body = BulkResult),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn remove_media(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<MediaRemoval>,
) -> ApiResult<Json<BulkResult>> {
    let (report, removed) =
        admin_tools::remove_media(&state.db, &actor(&caller), &body.ids).await?;
    for item in &removed {
        delete_stored(&state, &item.storage_key, &item.renditions).await;
    }
    Ok(Json(report.into()))
}
