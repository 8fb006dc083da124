//! Product reviews for admins (`/admin/reviews`): filtered by text, product, rating and
//! whether hidden; hiding one (with a reason) or showing it again changes the product's
//! rating at once. Audited.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::structure;
use bazaar_db::reviews::{self, AdminReview, ReviewFilter};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::{ListTotal, given, paging};
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_reviews))
        .routes(routes!(hide_review))
        .routes(routes!(restore_review))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminReviewView {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub product_slug: String,
    pub vendor_name: Option<String>,
    pub author_name: String,
    /// 1 to 5.
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub hidden: bool,
    pub hidden_at: Option<DateTime<Utc>>,
    pub hidden_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<AdminReview> for AdminReviewView {
    fn from(r: AdminReview) -> Self {
        Self {
            id: r.id,
            product_id: r.product_id,
            product_name: r.product_name,
            product_slug: r.product_slug,
            vendor_name: r.vendor_name,
            author_name: r.author_name,
            rating: r.rating,
            title: r.title,
            body: r.body,
            hidden: r.hidden_at.is_some(),
            hidden_at: r.hidden_at,
            hidden_reason: r.hidden_reason,
            created_at: r.created_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewListQuery {
    /// Text in the title, body, author or product name.
    pub q: Option<String>,
    pub product_id: Option<Uuid>,
    /// 1 to 5.
    pub rating: Option<i64>,
    /// `hidden` or `shown`.
    pub visibility: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminReviewList {
    /// Newest first.
    pub reviews: Vec<AdminReviewView>,
    pub total: ListTotal,
}

/// Product reviews, filtered.
#[utoipa::path(
    get, path = "/admin/reviews", tag = "admin", operation_id = "admin_list_reviews",
    security(("bearer" = [])), params(ReviewListQuery),
    responses(
        (status = 200, body = AdminReviewList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_reviews(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<ReviewListQuery>,
) -> ApiResult<Json<AdminReviewList>> {
    let (limit, offset) = paging(q.page, q.per_page)?;
    if let Some(r) = q.rating
        && !(1..=5).contains(&r)
    {
        return Err(ApiError::bad_field("rating", "A rating is 1 to 5"));
    }
    let hidden = match given(&q.visibility) {
        None => None,
        Some("hidden") => Some(true),
        Some("shown") => Some(false),
        Some(other) => {
            return Err(ApiError::bad_field(
                "visibility",
                format!("'{other}' is not hidden or shown"),
            ));
        }
    };
    let filter = ReviewFilter {
        q: given(&q.q).map(str::to_owned),
        product_id: q.product_id,
        rating: q.rating,
        hidden,
    };
    let (rows, total) = reviews::admin_list(&state.db, &filter, limit, offset).await?;
    Ok(Json(AdminReviewList {
        reviews: rows.into_iter().map(AdminReviewView::from).collect(),
        total: total.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HideReviewInput {
    /// 3 to 500 characters, kept in the audit log.
    pub reason: String,
}

/// Hide a review: it no longer counts in the product's rating.
#[utoipa::path(
    post, path = "/admin/reviews/{id}/hide", tag = "admin", operation_id = "admin_hide_review",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Review id")), request_body = HideReviewInput,
    responses(
        (status = 200, body = AdminReviewView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`unchanged`: hidden already", body = ErrorBody)
    )
)]
async fn hide_review(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<HideReviewInput>,
) -> ApiResult<Json<AdminReviewView>> {
    let review =
        structure::set_review_hidden(&state.db, &actor(&caller), id, Some(&body.reason)).await?;
    Ok(Json(review.into()))
}

/// Show a hidden review again.
#[utoipa::path(
    post, path = "/admin/reviews/{id}/restore", tag = "admin", operation_id = "admin_restore_review",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Review id")),
    responses(
        (status = 200, body = AdminReviewView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`unchanged`: shown already", body = ErrorBody)
    )
)]
async fn restore_review(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminReviewView>> {
    let review = structure::set_review_hidden(&state.db, &actor(&caller), id, None).await?;
    Ok(Json(review.into()))
}
