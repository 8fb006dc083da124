//! A vendor's shipping and coupons (`/vendor/shipping`, `/vendor/coupons…`, vendor role),
//! scoped to the caller's store: another store's coupon answers 404.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::{Settings, terms};
use bazaar_db::coupons::{self, Coupon};
use bazaar_db::vendors;
use bazaar_domain::coupon::CouponDraft;
use bazaar_domain::delivery;
use bazaar_domain::shipping::ShippingDraft;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_shipping, update_shipping))
        .routes(routes!(list_coupons, create_coupon))
        .routes(routes!(get_coupon, update_coupon, delete_coupon))
}

/// The platform's shipping, which applies where the vendor sets nothing.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlatformShipping {
    pub default_shipping_rate_cents: i64,
    pub free_shipping_threshold_cents: i64,
}

/// A vendor's shipping page.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorShipping {
    /// 1 to 60 business days, or null.
    pub standard_delivery_min_days: Option<i64>,
    /// 1 to 60 business days, at least the minimum, or null.
    pub standard_delivery_max_days: Option<i64>,
    /// The vendor's own rate for their part of an order; null: the platform's.
    pub flat_rate_cents: Option<i64>,
    /// The vendor's own free-shipping threshold; null: the platform's.
    pub free_shipping_threshold_cents: Option<i64>,
    pub platform: PlatformShipping,
    /// What customers are promised (floors of 3 and 7 days, plus a business day).
    pub estimate_min_business_days: i64,
    pub estimate_max_business_days: i64,
}

async fn shipping_view(state: &AppState, store: Uuid) -> ApiResult<VendorShipping> {
    let row = vendors::shipping(&state.db, store)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have no store yet".to_owned()))?;
    let platform = Settings::load(&state.db).await?.shipping;
    let estimate = delivery::estimate(
        row.standard_delivery_min_days,
        row.standard_delivery_max_days,
    );
    Ok(VendorShipping {
        standard_delivery_min_days: row.standard_delivery_min_days,
        standard_delivery_max_days: row.standard_delivery_max_days,
        flat_rate_cents: row.shipping_flat_rate_cents,
        free_shipping_threshold_cents: row.free_shipping_threshold_cents,
        platform: PlatformShipping {
            default_shipping_rate_cents: platform.default_shipping_rate_cents,
            free_shipping_threshold_cents: platform.free_shipping_threshold_cents,
        },
        estimate_min_business_days: estimate.min_business_days,
        estimate_max_business_days: estimate.max_business_days,
    })
}

/// The caller's shipping page.
#[utoipa::path(
    get, path = "/vendor/shipping", tag = "vendor", operation_id = "vendor_shipping",
    security(("bearer" = [])),
    responses(
        (status = 200, body = VendorShipping), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn get_shipping(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<VendorShipping>> {
    let seller = seller(&state, vendor.0.id).await?;
    Ok(Json(shipping_view(&state, seller.store_id).await?))
}

/// A shipping page as sent; null amounts take the platform's.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShippingInput {
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    /// R0 to R10 000, in cents; null: the platform's rate.
    pub flat_rate_cents: Option<i64>,
    /// R0 to R1 000 000, in cents; null: the platform's threshold.
    pub free_shipping_threshold_cents: Option<i64>,
}

/// Save the caller's shipping page. Checkout applies it to their part of each order.
#[utoipa::path(
    put, path = "/vendor/shipping", tag = "vendor", operation_id = "update_vendor_shipping",
    security(("bearer" = [])), request_body = ShippingInput,
    responses(
        (status = 200, body = VendorShipping), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn update_shipping(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<ShippingInput>,
) -> ApiResult<Json<VendorShipping>> {
    let seller = seller(&state, vendor.0.id).await?;
    let draft = ShippingDraft {
        standard_delivery_min_days: body.standard_delivery_min_days,
        standard_delivery_max_days: body.standard_delivery_max_days,
        flat_rate_cents: body.flat_rate_cents,
        free_shipping_threshold_cents: body.free_shipping_threshold_cents,
    };
    terms::save_shipping(&state.db, seller, &draft).await?;
    Ok(Json(shipping_view(&state, seller.store_id).await?))
}

/// One of the vendor's coupons; it takes off only their items.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorCoupon {
    pub id: Uuid,
    pub code: String,
    pub description: String,
    /// percentage or fixed.
    pub kind: String,
    /// Percent (1–100) or cents.
    pub value: i64,
    pub min_spend_cents: i64,
    pub starts_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub times_used: i64,
    pub active: bool,
}

impl From<Coupon> for VendorCoupon {
    fn from(c: Coupon) -> Self {
        Self {
            id: c.id,
            code: c.code,
            description: c.description,
            kind: c.kind,
            value: c.value,
            min_spend_cents: c.min_spend_cents,
            starts_at: c.starts_at,
            expires_at: c.expires_at,
            usage_limit: c.usage_limit,
            per_customer_limit: c.per_customer_limit,
            times_used: c.times_used,
            active: c.active,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorCouponList {
    pub items: Vec<VendorCoupon>,
}

/// A coupon as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CouponInput {
    /// 3 to 20 letters, digits or dashes; stored in capitals; unique on the platform.
    pub code: String,
    /// Up to 200 characters.
    #[serde(default)]
    pub description: String,
    /// percentage or fixed.
    pub kind: String,
    /// Percent (1–100) or cents (up to R100 000).
    pub value: i64,
    /// The least the vendor's items in the cart must come to.
    #[serde(default)]
    pub min_spend_cents: i64,
    pub starts_at: Option<DateTime<Utc>>,
    /// After `starts_at`.
    pub expires_at: Option<DateTime<Utc>>,
    /// Uses overall, at least 1; null: no limit.
    pub usage_limit: Option<i64>,
    /// Uses per customer, at least 1 and at most the overall limit; null: no limit.
    pub per_customer_limit: Option<i64>,
    /// Default true.
    pub active: Option<bool>,
}

impl From<CouponInput> for CouponDraft {
    fn from(c: CouponInput) -> Self {
        CouponDraft {
            code: c.code,
            description: c.description,
            kind: c.kind,
            value: c.value,
            min_spend_cents: c.min_spend_cents,
            starts_at: c.starts_at,
            expires_at: c.expires_at,
            usage_limit: c.usage_limit,
            per_customer_limit: c.per_customer_limit,
            active: c.active.unwrap_or(true),
        }
    }
}

/// The caller's coupons, newest first.
#[utoipa::path(
    get, path = "/vendor/coupons", tag = "vendor", operation_id = "vendor_list_coupons",
    security(("bearer" = [])),
    responses(
        (status = 200, body = VendorCouponList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_coupons(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<VendorCouponList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let items = coupons::of_vendor(&state.db, seller.store_id).await?;
    Ok(Json(VendorCouponList {
        items: items.into_iter().map(Into::into).collect(),
    }))
}

async fn coupon_view(state: &AppState, store: Uuid, id: Uuid) -> ApiResult<VendorCoupon> {
    Ok(coupons::one_of_vendor(&state.db, store, id).await?.into())
}

/// Add a coupon for the caller's items. Field problems come back in `fields`.
#[utoipa::path(
    post, path = "/vendor/coupons", tag = "vendor", operation_id = "vendor_create_coupon",
    security(("bearer" = [])), request_body = CouponInput,
    responses(
        (status = 201, body = VendorCoupon), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn create_coupon(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<CouponInput>,
) -> ApiResult<(StatusCode, Json<VendorCoupon>)> {
    let seller = seller(&state, vendor.0.id).await?;
    let id = terms::create_coupon(&state.db, seller, &body.into()).await?;
    Ok((
        StatusCode::CREATED,
        Json(coupon_view(&state, seller.store_id, id).await?),
    ))
}

/// One of the caller's coupons.
#[utoipa::path(
    get, path = "/vendor/coupons/{id}", tag = "vendor", operation_id = "vendor_get_coupon",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = VendorCoupon), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_coupon(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<VendorCoupon>> {
    let seller = seller(&state, vendor.0.id).await?;
    Ok(Json(coupon_view(&state, seller.store_id, id).await?))
}

/// Rewrite one of the caller's coupons (uses so far are kept).
#[utoipa::path(
    put, path = "/vendor/coupons/{id}", tag = "vendor", operation_id = "vendor_update_coupon",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = CouponInput,
    responses(
        (status = 200, body = VendorCoupon), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn update_coupon(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CouponInput>,
) -> ApiResult<Json<VendorCoupon>> {
    let seller = seller(&state, vendor.0.id).await?;
    terms::update_coupon(&state.db, seller, id, &body.into()).await?;
    Ok(Json(coupon_view(&state, seller.store_id, id).await?))
}

/// Delete one of the caller's coupons that was never used (409 `coupon_used` otherwise:
/// switch it off instead).
#[utoipa::path(
    delete, path = "/vendor/coupons/{id}", tag = "vendor", operation_id = "vendor_delete_coupon",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Deleted"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "The coupon has been used", body = ErrorBody)
    )
)]
async fn delete_coupon(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let seller = seller(&state, vendor.0.id).await?;
    terms::delete_coupon(&state.db, seller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
