//! Batches of single-use points codes (`/admin/points-codes`): make N random codes, list
//! batches with how many were redeemed, see a batch's redemptions, export its codes as CSV
//! and disable it. Each change is audited.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_commerce::points_batches;
use bazaar_db::points_batches::{Batch, BatchCode};
use bazaar_domain::points::BatchDraft;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::paging;
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_batches, create_batch))
        .routes(routes!(get_batch))
        .routes(routes!(export_batch))
        .routes(routes!(disable_batch))
}

/// A batch of codes.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsBatchView {
    pub id: Uuid,
    pub name: String,
    /// Points each code gives.
    pub points: i64,
    /// How many codes it has.
    pub size: i64,
    pub redeemed: i64,
    /// The end of the codes' last day.
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// The admin who made it.
    pub created_by: Option<String>,
    /// When it was disabled; its codes not yet redeemed are refused since.
    pub disabled_at: Option<DateTime<Utc>>,
}

impl From<Batch> for PointsBatchView {
    fn from(b: Batch) -> Self {
        Self {
            id: b.id,
            name: b.name,
            points: b.points,
            size: b.size,
            redeemed: b.redeemed,
            expires_at: b.expires_at,
            created_at: b.created_at,
            created_by: b.created_by,
            disabled_at: b.disabled_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsBatchList {
    /// Newest first.
    pub batches: Vec<PointsBatchView>,
    pub total: i64,
}

/// The batches of points codes, newest first.
#[utoipa::path(
    get, path = "/admin/points-codes", tag = "admin", operation_id = "admin_list_points_batches",
    security(("bearer" = [])), params(PageQuery),
    responses(
        (status = 200, body = PointsBatchList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_batches(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<PointsBatchList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let (rows, total) = bazaar_db::points_batches::list(&state.db, limit, offset).await?;
    Ok(Json(PointsBatchList {
        batches: rows.into_iter().map(Into::into).collect(),
        total,
    }))
}

/// A batch to make.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPointsBatch {
    /// Up to 80 characters, e.g. "Heritage Day flyers".
    pub name: String,
    /// Points each code gives: 1 to 100,000.
    pub points: i64,
    /// How many codes: 1 to 10,000.
    pub count: i64,
    /// The last day the codes work (YYYY-MM-DD, South African time): today to five years on.
    pub expires_on: String,
}

/// Make a batch of random single-use codes (10 characters, no 0/O or 1/I), all or none.
#[utoipa::path(
    post, path = "/admin/points-codes", tag = "admin", operation_id = "admin_create_points_batch",
    security(("bearer" = [])), request_body = NewPointsBatch,
    responses(
        (status = 201, body = PointsBatchView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn create_batch(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<NewPointsBatch>,
) -> ApiResult<(StatusCode, Json<PointsBatchView>)> {
    let draft = BatchDraft {
        name: body.name,
        points: body.points,
        count: body.count,
        expires_on: body.expires_on,
    };
    let batch = points_batches::create(&state.db, &actor(&caller), &draft).await?;
    Ok((StatusCode::CREATED, Json(batch.into())))
}

/// A redeemed code.
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsRedemption {
    pub code: String,
    pub redeemed_at: Option<DateTime<Utc>>,
    /// The customer's email.
    pub redeemed_by: Option<String>,
}

impl From<BatchCode> for PointsRedemption {
    fn from(c: BatchCode) -> Self {
        Self {
            code: c.code,
            redeemed_at: c.redeemed_at,
            redeemed_by: c.redeemed_by,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsBatchDetail {
    pub batch: PointsBatchView,
    /// The latest first, a page at a time (`batch.redeemed` in all).
    pub redemptions: Vec<PointsRedemption>,
}

/// A batch with its redemptions.
#[utoipa::path(
    get, path = "/admin/points-codes/{id}", tag = "admin", operation_id = "admin_get_points_batch",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Batch id"), PageQuery),
    responses(
        (status = 200, body = PointsBatchDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_batch(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Json<PointsBatchDetail>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    let batch = bazaar_db::points_batches::get(&state.db, id)
        .await?
        .ok_or_else(|| crate::ApiError::NotFound("Batch not found".into()))?;
    let redemptions = bazaar_db::points_batches::redemptions(&state.db, id, limit, offset).await?;
    Ok(Json(PointsBatchDetail {
        batch: batch.into(),
        redemptions: redemptions.into_iter().map(Into::into).collect(),
    }))
}

/// The batch's codes as CSV: Code, Points, Expires, Status (available, redeemed, disabled
/// or expired), Redeemed at, Redeemed by.
#[utoipa::path(
    get, path = "/admin/points-codes/{id}/export", tag = "admin", operation_id = "admin_export_points_batch",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Batch id")),
    responses(
        (status = 200, description = "The codes", content_type = "text/csv", body = String),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn export_batch(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let (_, csv) = points_batches::export(&state.db, id).await?;
    let mut response = csv.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    let disposition = format!("attachment; filename=\"points-codes-{id}.csv\"");
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&disposition).expect("a uuid in a header"),
    );
    Ok(response)
}

/// Disable a batch: its codes not yet redeemed are refused from now on.
#[utoipa::path(
    post, path = "/admin/points-codes/{id}/disable", tag = "admin", operation_id = "admin_disable_points_batch",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Batch id")),
    responses(
        (status = 200, body = PointsBatchView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn disable_batch(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<PointsBatchView>> {
    let batch = points_batches::disable(&state.db, &actor(&caller), id).await?;
    Ok(Json(batch.into()))
}
