//! Digital products' files: the vendor uploads one per product into private storage
//! (`PUT /vendor/products/{id}/file`, scoped to their store), and buyers of a paid order
//! fetch it through a signed link that expires (`GET /downloads/{item_id}?token=…`), never
//! a public URL. The link is an ES256 token under the session keys, so any `serve`
//! process checks it.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_auth::jwt::{self, JwtError};
use bazaar_db::products::files::{self, StoredFile};
use bazaar_domain::catalogue::ProductType;
use bazaar_domain::order::OrderStatus;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

/// How long a download link works.
pub const LINK_HOURS: i64 = 24;

/// The upload, whose body is a whole file (up to 200 MB): served outside the API's 1 MB
/// body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_file))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(delete_file))
        .routes(routes!(download))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// The file's name as buyers will save it (path parts are dropped).
    pub filename: Option<String>,
}

/// A digital product's file.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductFile {
    pub name: String,
    pub bytes: i64,
}

/// A file's name as buyers save it: the last path part, no control characters or quotes,
/// at most 200 characters; `download` when nothing is left.
pub(crate) fn file_name(raw: Option<&str>) -> String {
    let name: String = raw
        .unwrap_or("")
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(200)
        .collect();
    match name.trim() {
        "" => "download".to_owned(),
        n => n.to_owned(),
    }
}

fn not_digital() -> ApiError {
    ApiError::rule(
        StatusCode::CONFLICT,
        "not_digital",
        "Not a digital product",
        "Only digital products carry a file".to_owned(),
    )
}

/// Upload (or replace) the file of one of the caller's digital products, as the raw body
/// (any type, up to 200 MB). It is stored privately; buyers get it through signed links.
#[utoipa::path(
    put, path = "/vendor/products/{id}/file", tag = "vendor", operation_id = "upload_product_file",
    security(("bearer" = [])), params(("id" = Uuid, Path), FileQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's bytes"),
    responses(
        (status = 200, body = ProductFile),
        (status = 400, description = "`truncated`: the file is empty or stopped early", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_digital`", body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody)
    )
)]
async fn upload_file(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<FileQuery>,
    body: Body,
) -> ApiResult<Json<ProductFile>> {
    let seller = seller(&state, vendor.0.id).await?;
    // Checked before any byte is stored.
    let mut tx = state.db.begin().await?;
    let (kind, _) = files::lock_for_vendor(&mut tx, seller.store_id, id).await?;
    tx.rollback().await?;
    if kind != ProductType::Digital.as_str() {
        return Err(not_digital());
    }
    let name = file_name(q.filename.as_deref());
    let key = format!(
        "{}/{}/{id}/{}",
        bazaar_media::PRIVATE_PREFIX,
        seller.store_id,
        Uuid::now_v7()
    );
    let storage = &state.config.media;
    let bytes = storage
        .receive_file(&key, body.into_data_stream(), bazaar_media::MAX_FILE_BYTES)
        .await?;
    let stored = StoredFile {
        key: key.clone(),
        name,
        bytes: bytes as i64,
    };
    let saved: ApiResult<Option<String>> = async {
        let mut tx = state.db.begin().await?;
        // The product may have changed type or owner meanwhile.
        let (kind, old) = files::lock_for_vendor(&mut tx, seller.store_id, id).await?;
        if kind != ProductType::Digital.as_str() {
            return Err(not_digital());
        }
        files::set(&mut tx, id, Some(&stored)).await?;
        tx.commit().await?;
        Ok(old)
    }
    .await;
    match saved {
        Ok(old) => {
            if let Some(old) = old {
                remove(&state, &old).await;
            }
            Ok(Json(ProductFile {
                name: stored.name,
                bytes: stored.bytes,
            }))
        }
        Err(e) => {
            remove(&state, &key).await;
            Err(e)
        }
    }
}

/// Deletes a stored file; a failure leaves an orphan, which is only logged.
async fn remove(state: &AppState, key: &str) {
    if let Err(e) = state.config.media.delete(key).await {
        tracing::warn!(key, error = %e, "could not delete a product file");
    }
}

/// Remove the file of one of the caller's products.
#[utoipa::path(
    delete, path = "/vendor/products/{id}/file", tag = "vendor", operation_id = "delete_product_file",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Removed"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn delete_file(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let seller = seller(&state, vendor.0.id).await?;
    let mut tx = state.db.begin().await?;
    let (_, old) = files::lock_for_vendor(&mut tx, seller.store_id, id).await?;
    files::set(&mut tx, id, None).await?;
    tx.commit().await?;
    if let Some(old) = old {
        remove(&state, &old).await;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// A signed link to download order line `item_id`, valid for 24 hours.
pub(crate) fn download_url(state: &AppState, item_id: Uuid) -> String {
    let exp = (Utc::now() + Duration::hours(LINK_HOURS)).timestamp();
    let token = jwt::sign_download(&item_id.to_string(), exp, &state.auth.keys.current());
    format!("/api/v1/downloads/{item_id}?token={token}")
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// The signature the order view's link carries.
    pub token: Option<String>,
}

fn link_refused(status: StatusCode, code: &'static str, message: &str) -> ApiError {
    ApiError::rule(status, code, "Download not possible", message.to_owned())
}

/// Download a digital product bought in a paid order, through the signed link of the
/// order view (it works for 24 hours; the order view gives a fresh one).
#[utoipa::path(
    get, path = "/downloads/{item_id}", tag = "orders", operation_id = "download_file",
    params(("item_id" = Uuid, Path), DownloadQuery),
    responses(
        (status = 200, description = "The file, as an attachment", content_type = "application/octet-stream"),
        (status = 403, description = "`not_paid`: the order is not (or no longer) paid", body = ErrorBody),
        (status = 404, description = "`link_invalid` (a link is a capability: a wrong one finds nothing), or the product has no file", body = ErrorBody),
        (status = 410, description = "`link_expired`", body = ErrorBody)
    )
)]
async fn download(
    State(state): State<AppState>,
    ApiPath(item_id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<DownloadQuery>,
) -> ApiResult<Response> {
    let token = q.token.unwrap_or_default();
    let mut checked = jwt::verify_download(&token, &state.auth.keys.published());
    if checked == Err(JwtError::UnknownKey) {
        // Another process may have rotated the keys.
        let kid = jwt::kid_of(&token);
        state
            .auth
            .keys
            .refresh_if_needed(&state.db, kid.as_deref())
            .await;
        checked = jwt::verify_download(&token, &state.auth.keys.published());
    }
    let invalid = || {
        link_refused(
            StatusCode::NOT_FOUND,
            "link_invalid",
            "This download link is not valid",
        )
    };
    match checked {
        Ok(sub) if sub == item_id.to_string() => {}
        Err(JwtError::Expired) => {
            return Err(link_refused(
                StatusCode::GONE,
                "link_expired",
                "This download link has expired: open your order for a new one",
            ));
        }
        _ => return Err(invalid()),
    }
    let line = files::of_order_line(&state.db, item_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Download not found".into()))?;
    let owned = line
        .status
        .parse::<OrderStatus>()
        .is_ok_and(OrderStatus::is_owned);
    if !owned {
        return Err(link_refused(
            StatusCode::FORBIDDEN,
            "not_paid",
            "This order is not paid",
        ));
    }
    let (Some(key), Some(name)) = (line.key, line.name) else {
        return Err(ApiError::NotFound("This product has no file".into()));
    };
    let object = state
        .config
        .media
        .get(&key, None)
        .await
        .map_err(|e| {
            tracing::error!(key, error = %e, "media storage failed during a download");
            ApiError::Unavailable("Media storage is not reachable right now".to_owned())
        })?
        .ok_or_else(|| ApiError::NotFound("This product has no file".into()))?;
    let mut resp = Body::from_stream(object.body).into_response();
    let headers = resp.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/octet-stream"),
    );
    headers.insert(
        header::CONTENT_LENGTH,
        HeaderValue::from(object.range.1 - object.range.0),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded = percent_encoding::utf8_percent_encode(&name, percent_encoding::NON_ALPHANUMERIC);
    if let Ok(v) = HeaderValue::from_str(&format!(
        "attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"
    )) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(resp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_lose_paths_quotes_and_controls() {
        assert_eq!(
            file_name(Some("C:\\books\\Guide \"v2\".pdf")),
            "Guide v2.pdf"
        );
        assert_eq!(file_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(file_name(Some("  ")), "download");
        assert_eq!(file_name(None), "download");
    }
}
