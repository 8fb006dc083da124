//! Coupons as admins run them (`/admin/coupons`): every coupon with what it has done (the
//! orders that used it, their discount, the last use), the platform's own coupons made,
//! changed and deleted (while unused) here, each change audited. Stores' coupons are listed
//! for oversight; their stores change them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::terms;
use bazaar_db::coupons::{self, CouponUsage, Scope};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::paging;
use super::selling::actor;
use super::vendor_terms::{CouponInput, VendorCoupon};
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_coupons, create_coupon))
        .routes(routes!(update_coupon, delete_coupon))
}

/// A coupon with its usage.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCoupon {
    #[serde(flatten)]
    pub coupon: VendorCoupon,
    /// The store whose coupon it is; absent for the platform's own.
    pub store_name: Option<String>,
    /// Orders that used it (a cancelled order gives its use back).
    pub orders: i64,
    /// The discount those orders got, in cents.
    pub discount_cents: i64,
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<CouponUsage> for AdminCoupon {
    fn from(u: CouponUsage) -> Self {
        Self {
            coupon: u.coupon.into(),
            store_name: u.store_name,
            orders: u.orders,
            discount_cents: u.discount_cents,
            last_used_at: u.last_used_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CouponsQuery {
    /// `platform` (default), `stores` or `all`.
    pub scope: Option<String>,
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCouponList {
    /// Newest first.
    pub coupons: Vec<AdminCoupon>,
    pub total: i64,
}

/// Coupons with their usage figures.
#[utoipa::path(
    get, path = "/admin/coupons", tag = "admin", operation_id = "admin_list_coupons",
    security(("bearer" = [])), params(CouponsQuery),
    responses(
        (status = 200, body = AdminCouponList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn list_coupons(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<CouponsQuery>,
) -> ApiResult<Json<AdminCouponList>> {
    let scope = match q.scope.as_deref().unwrap_or("platform") {
        "platform" => Scope::Platform,
        "stores" => Scope::Stores,
        "all" => Scope::All,
        _ => {
            return Err(ApiError::bad_field(
                "scope",
                "scope is platform, stores or all",
            ));
        }
    };
    let (limit, offset) = paging(q.page, q.per_page)?;
    let (rows, total) = coupons::with_usage(&state.db, scope, limit, offset).await?;
    Ok(Json(AdminCouponList {
        coupons: rows.into_iter().map(Into::into).collect(),
        total,
    }))
}

async fn view(state: &AppState, id: Uuid) -> ApiResult<AdminCoupon> {
    coupons::usage_of(&state.db, id)
        .await?
        .map(Into::into)
        .ok_or_else(|| ApiError::NotFound("Coupon not found".into()))
}

/// Add a platform coupon: off every store's items. Field problems come back in `fields`.
#[utoipa::path(
    post, path = "/admin/coupons", tag = "admin", operation_id = "admin_create_coupon",
    security(("bearer" = [])), request_body = CouponInput,
    responses(
        (status = 201, body = AdminCoupon), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn create_coupon(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<CouponInput>,
) -> ApiResult<(StatusCode, Json<AdminCoupon>)> {
    let id = terms::create_platform_coupon(&state.db, &actor(&caller), &body.into()).await?;
    Ok((StatusCode::CREATED, Json(view(&state, id).await?)))
}

/// Rewrite a platform coupon (uses so far are kept); 404 for a store's coupon.
#[utoipa::path(
    put, path = "/admin/coupons/{id}", tag = "admin", operation_id = "admin_update_coupon",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = CouponInput,
    responses(
        (status = 200, body = AdminCoupon), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn update_coupon(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CouponInput>,
) -> ApiResult<Json<AdminCoupon>> {
    terms::update_platform_coupon(&state.db, &actor(&caller), id, &body.into()).await?;
    Ok(Json(view(&state, id).await?))
}

/// Delete a platform coupon that was never used (409 `coupon_used` otherwise: switch it
/// off instead); 404 for a store's coupon.
#[utoipa::path(
    delete, path = "/admin/coupons/{id}", tag = "admin", operation_id = "admin_delete_coupon",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Deleted"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "The coupon has been used", body = ErrorBody)
    )
)]
async fn delete_coupon(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    terms::delete_platform_coupon(&state.db, &actor(&caller), id).await?;
    Ok(StatusCode::NO_CONTENT)
}
