//! Platform settings admins change (`/admin/settings/…`), each change audited with before
//! and after: whether new stores' products wait for review.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::admin;
use bazaar_domain::settings::{PRODUCT_REVIEW_KEY, ProductReview, product_review};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::ApiJson;
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_product_review, set_product_review))
}

/// Whether a new store's products wait for an admin's review before going on sale.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ProductReviewSetting {
    /// Products of stores opened less than `days` ago wait for review the first time they
    /// are put on sale.
    pub new_vendors: bool,
    /// 0 to 3,650.
    pub days: i64,
}

impl From<ProductReview> for ProductReviewSetting {
    fn from(r: ProductReview) -> Self {
        Self {
            new_vendors: r.new_vendors,
            days: r.days,
        }
    }
}

/// The product review setting.
#[utoipa::path(
    get, path = "/admin/settings/product-review", tag = "admin", operation_id = "admin_get_product_review",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ProductReviewSetting), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_product_review(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<ProductReviewSetting>> {
    let value = bazaar_db::settings::system(&state.db, PRODUCT_REVIEW_KEY).await?;
    Ok(Json(product_review(value.as_ref()).into()))
}

/// Change the product review setting.
#[utoipa::path(
    put, path = "/admin/settings/product-review", tag = "admin", operation_id = "admin_set_product_review",
    security(("bearer" = [])), request_body = ProductReviewSetting,
    responses(
        (status = 200, body = ProductReviewSetting), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn set_product_review(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<ProductReviewSetting>,
) -> ApiResult<Json<ProductReviewSetting>> {
    let set =
        admin::set_product_review(&state.db, &actor(&caller), body.new_vendors, body.days).await?;
    Ok(Json(set.into()))
}
