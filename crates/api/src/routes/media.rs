//! A store's media library (`/vendor/media`): uploads streamed into media storage, the
//! library listed, alt texts edited, items deleted. Every call is scoped to the caller's
//! own store; another store's item is not found.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_db::{media, vendors};
use bazaar_media::UploadError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

/// The library's reading and editing calls (JSON bodies, under the API's body limit).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_media))
        .routes(routes!(update_media, delete_media))
}

/// The upload call, whose body is a whole file (up to 100 MB) and so is served outside the
/// API's 1 MB body limit; the upload enforces its own limits as the bytes arrive.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest(
        "/api/v1",
        OpenApiRouter::new()
            .routes(routes!(upload_media))
            .merge(super::digital_files::upload_router())
            .merge(super::product_imports::upload_router()),
    )
}

/// One of the WebP renditions of a picture.
#[derive(Debug, Serialize, ToSchema)]
pub struct RenditionView {
    pub width: u32,
    pub url: String,
}

/// An item of the media library.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaItem {
    pub id: Uuid,
    /// image or video.
    pub kind: String,
    /// As told from the file's bytes.
    pub content_type: String,
    /// As stored (pictures without their metadata).
    pub bytes: i64,
    /// The original, under `/media/`.
    pub url: String,
    /// Known once the renditions are made.
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub alt_text: String,
    pub original_name: String,
    pub created_at: DateTime<Utc>,
    /// Smallest first; empty until the rendition job has run (pictures only).
    pub renditions: Vec<RenditionView>,
}

impl From<media::MediaRow> for MediaItem {
    fn from(m: media::MediaRow) -> Self {
        let renditions = m
            .renditions
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| {
                Some(RenditionView {
                    width: u32::try_from(r["width"].as_u64()?).ok()?,
                    url: format!("/media/{}", r["key"].as_str()?),
                })
            })
            .collect();
        Self {
            id: m.id,
            kind: m.kind,
            content_type: m.content_type,
            bytes: m.bytes,
            url: format!("/media/{}", m.storage_key),
            width: m.width,
            height: m.height,
            alt_text: m.alt_text,
            original_name: m.original_name,
            created_at: m.created_at,
            renditions,
        }
    }
}

async fn own_store(state: &AppState, owner: Uuid) -> ApiResult<Uuid> {
    vendors::store_of_owner(&state.db, owner)
        .await?
        .map(|s| s.id)
        .ok_or_else(|| ApiError::NotFound("You have no store yet".to_owned()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// The file's name as the vendor knows it (kept for the library; the stored name is
    /// the item's id).
    pub filename: Option<String>,
    /// Text describing the picture, up to 300 characters.
    pub alt: Option<String>,
}

/// A file name as shown in the library: the last path segment, printable, at most 200
/// characters.
fn display_name(raw: Option<&str>) -> String {
    let name = raw
        .unwrap_or("")
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(200)
        .collect::<String>();
    let name = name.trim();
    if name.is_empty() {
        "upload".to_owned()
    } else {
        name.to_owned()
    }
}

fn alt_text(raw: Option<&str>) -> ApiResult<String> {
    let alt = raw.unwrap_or("").trim();
    if alt.chars().count() > 300 || alt.chars().any(char::is_control) {
        return Err(ApiError::bad_field(
            "alt",
            "Alt text is at most 300 characters on one line",
        ));
    }
    Ok(alt.to_owned())
}

fn quota_exceeded(left: u64) -> ApiError {
    ApiError::rule(
        StatusCode::CONFLICT,
        "quota_exceeded",
        "Storage full",
        format!(
            "This upload would go over your storage quota ({} MB left)",
            left / (1024 * 1024)
        ),
    )
}

impl From<UploadError> for ApiError {
    fn from(e: UploadError) -> Self {
        let message = e.to_string();
        match e {
            UploadError::UnsupportedType => ApiError::rule(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_type",
                "File type not accepted",
                message,
            ),
            UploadError::TooLarge { .. } | UploadError::FileTooLarge { .. } => ApiError::rule(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                "File too large",
                message,
            ),
            UploadError::QuotaExceeded { left } => quota_exceeded(left),
            UploadError::Empty | UploadError::Interrupted(_) | UploadError::Damaged(_) => {
                ApiError::rule(
                    StatusCode::BAD_REQUEST,
                    "truncated",
                    "Upload incomplete",
                    message,
                )
            }
            UploadError::Storage(e) => {
                tracing::error!(error = %e, "media storage failed during an upload");
                ApiError::Unavailable("Media storage is not reachable right now".to_owned())
            }
        }
    }
}

/// Upload a picture (JPEG, PNG or WebP up to 10 MB) or a video (MP4 or WebM up to 100 MB)
/// as the raw request body. The type is told from the bytes, not the name; pictures lose
/// their EXIF and other metadata; nothing is kept when the upload fails.
#[utoipa::path(
    post, path = "/vendor/media", tag = "vendor", operation_id = "upload_media",
    security(("bearer" = [])), params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's bytes"),
    responses(
        (status = 201, body = MediaItem),
        (status = 400, description = "`truncated`: the file stopped early or is damaged", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody),
        (status = 409, description = "`quota_exceeded`", body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody),
        (status = 415, description = "`unsupported_type`", body = ErrorBody)
    )
)]
async fn upload_media(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<UploadQuery>,
    body: Body,
) -> ApiResult<(StatusCode, Json<MediaItem>)> {
    let store = own_store(&state, vendor.0.id).await?;
    let name = display_name(q.filename.as_deref());
    let alt = alt_text(q.alt.as_deref())?;
    let quota = state.config.media_quota_bytes;
    let used = u64::try_from(media::usage(&state.db, store).await?).unwrap_or(0);
    let left = quota.saturating_sub(used);
    if left == 0 {
        return Err(quota_exceeded(0));
    }
    let id = Uuid::now_v7();
    let prefix = format!("{}/{store}/{id}", bazaar_media::UPLOAD_PREFIX);
    let received = state
        .config
        .media
        .receive(&prefix, body.into_data_stream(), left)
        .await?;
    let kind = if received.format.is_image() {
        "image"
    } else {
        "video"
    };
    let saved: ApiResult<()> = async {
        let mut tx = state.db.begin().await?;
        // Another upload may have finished meanwhile: the quota holds for both.
        media::lock_store(&mut tx, store).await?;
        let used = u64::try_from(media::usage_in(&mut tx, store).await?).unwrap_or(0);
        if used + received.bytes > quota {
            return Err(quota_exceeded(quota.saturating_sub(used)));
        }
        media::insert(
            &mut tx,
            &media::NewMedia {
                id,
                vendor_id: store,
                kind,
                content_type: received.format.content_type(),
                storage_key: &received.key,
                bytes: i64::try_from(received.bytes).unwrap_or(i64::MAX),
                original_name: &name,
                alt_text: &alt,
            },
            Utc::now(),
        )
        .await?;
        if kind == "image" {
            bazaar_queue::enqueue(&mut tx, &bazaar_queue::Job::MakeRenditions { media_id: id })
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    if let Err(e) = saved {
        if let Err(del) = state.config.media.delete(&received.key).await {
            tracing::warn!(key = received.key, error = %del, "could not remove an unrecorded upload");
        }
        return Err(e);
    }
    let row = media::get(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::Internal("the new media item vanished".to_owned()))?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MediaQuery {
    /// image or video.
    pub kind: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 50 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MediaList {
    /// Newest first.
    pub media: Vec<MediaItem>,
    pub total: i64,
    /// Bytes the library takes.
    pub used_bytes: i64,
    /// Bytes it may take.
    pub quota_bytes: i64,
}

/// The caller's media library.
#[utoipa::path(
    get, path = "/vendor/media", tag = "vendor", operation_id = "list_media",
    security(("bearer" = [])), params(MediaQuery),
    responses(
        (status = 200, body = MediaList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_media(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<MediaQuery>,
) -> ApiResult<Json<MediaList>> {
    let store = own_store(&state, vendor.0.id).await?;
    let kind = match q.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(k @ ("image" | "video")) => Some(k),
        Some(_) => return Err(ApiError::bad_field("kind", "kind is image or video")),
    };
    let page = q.page.unwrap_or(1);
    let per_page = q.per_page.unwrap_or(50);
    if page < 1 {
        return Err(ApiError::bad_field("page", "page starts at 1"));
    }
    if !(1..=100).contains(&per_page) {
        return Err(ApiError::bad_field("per_page", "per_page is 1 to 100"));
    }
    let (rows, total) = media::list(
        &state.db,
        store,
        kind,
        per_page,
        (page - 1).saturating_mul(per_page),
    )
    .await?;
    Ok(Json(MediaList {
        media: rows.into_iter().map(MediaItem::from).collect(),
        total,
        used_bytes: media::usage(&state.db, store).await?,
        quota_bytes: i64::try_from(state.config.media_quota_bytes).unwrap_or(i64::MAX),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MediaUpdate {
    /// Up to 300 characters on one line.
    pub alt_text: String,
}

fn media_not_found() -> ApiError {
    ApiError::NotFound("No such media in your library".to_owned())
}

/// Change an item's alt text.
#[utoipa::path(
    patch, path = "/vendor/media/{id}", tag = "vendor", operation_id = "update_media",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Media id")),
    request_body = MediaUpdate,
    responses(
        (status = 200, body = MediaItem), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn update_media(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<MediaUpdate>,
) -> ApiResult<Json<MediaItem>> {
    let store = own_store(&state, vendor.0.id).await?;
    let alt = alt_text(Some(&body.alt_text)).map_err(|_| {
        ApiError::bad_field("alt_text", "Alt text is at most 300 characters on one line")
    })?;
    if !media::set_alt(&state.db, id, store, &alt, Utc::now()).await? {
        return Err(media_not_found());
    }
    let row = media::get(&state.db, id)
        .await?
        .ok_or_else(media_not_found)?;
    Ok(Json(row.into()))
}

/// Delete an item and its stored files.
#[utoipa::path(
    delete, path = "/vendor/media/{id}", tag = "vendor", operation_id = "delete_media",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Media id")),
    responses(
        (status = 204, description = "Deleted"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn delete_media(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let store = own_store(&state, vendor.0.id).await?;
    let mut tx = state.db.begin().await?;
    let row = media::delete(&mut tx, id, store)
        .await?
        .ok_or_else(media_not_found)?;
    tx.commit().await?;
    delete_stored(&state, &row.storage_key, &row.renditions).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a removed item's stored files: the original and its renditions. A file that
/// cannot be deleted is logged and left (the item is already gone from the library).
pub(crate) async fn delete_stored(
    state: &AppState,
    storage_key: &str,
    renditions: &serde_json::Value,
) {
    let keys = std::iter::once(storage_key.to_owned()).chain(
        renditions
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["key"].as_str().map(str::to_owned)),
    );
    for key in keys {
        if let Err(e) = state.config.media.delete(&key).await {
            tracing::warn!(key, error = %e, "could not delete a stored media file");
        }
    }
}
