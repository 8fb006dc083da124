//! Platform settings admins change (`/admin/settings/…`), each change audited with before
//! and after: whether new stores' products wait for review, and the general settings (the
//! store's details, shipping, VAT and the points earn rate), and the advanced settings
//! (maintenance mode, sign-ups, product review, stock holds and rate limits).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::{admin, store_settings};
use bazaar_domain::money::Cents;
use bazaar_domain::settings::advanced::{AdvancedDraft, AdvancedSettings};
use bazaar_domain::settings::{
    GeneralDraft, GeneralSettings, POINTS_PER_RAND, PRODUCT_REVIEW_KEY, ProductReview,
    product_review,
};
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
    OpenApiRouter::new()
        .routes(routes!(get_product_review, set_product_review))
        .routes(routes!(get_general, set_general))
        .routes(routes!(get_advanced, set_advanced))
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

/// The general settings page: who the store is, shipping, VAT and points.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GeneralSettingsBody {
    /// 2 to 60 characters.
    pub store_name: String,
    pub contact_email: Option<String>,
    /// A South African number; answered as `+27` and nine digits.
    pub contact_phone: Option<String>,
    /// 5 to 300 characters.
    pub address: Option<String>,
    /// 3 to 120 characters, like "Mon–Fri 08:00–17:00".
    pub support_hours: Option<String>,
    /// Orders of goods at or over this amount (rand, "450.00") ship free.
    pub free_shipping_threshold: String,
    /// Shipping below the threshold (rand, "65.00").
    pub standard_shipping_rate: String,
    /// VAT included in catalogue prices, 0 to 100 percent.
    pub vat_rate_percent: i64,
    /// Points earned for every R100 paid for goods, 0 to 10,000.
    pub points_per_100_rand: i64,
    /// Points worth R1 when spent: fixed at 10 (read only; ignored when sent).
    #[serde(default)]
    pub points_per_rand: i64,
}

impl From<GeneralSettings> for GeneralSettingsBody {
    fn from(g: GeneralSettings) -> Self {
        Self {
            store_name: g.store.store_name,
            contact_email: g.store.contact_email,
            contact_phone: g.store.contact_phone,
            address: g.store.address,
            support_hours: g.store.support_hours,
            free_shipping_threshold: Cents(g.shipping.free_shipping_threshold_cents).to_string(),
            standard_shipping_rate: Cents(g.shipping.default_shipping_rate_cents).to_string(),
            vat_rate_percent: g.vat_rate_percent,
            points_per_100_rand: g.points_per_100_rand,
            points_per_rand: POINTS_PER_RAND,
        }
    }
}

/// What the page sent, for the domain's rules to check (the point value is not the
/// admin's to set).
impl From<GeneralSettingsBody> for GeneralDraft {
    fn from(body: GeneralSettingsBody) -> Self {
        Self {
            store_name: body.store_name,
            contact_email: body.contact_email,
            contact_phone: body.contact_phone,
            address: body.address,
            support_hours: body.support_hours,
            free_shipping_threshold: body.free_shipping_threshold,
            standard_shipping_rate: body.standard_shipping_rate,
            vat_rate_percent: body.vat_rate_percent,
            points_per_100_rand: body.points_per_100_rand,
        }
    }
}

/// The general settings.
#[utoipa::path(
    get, path = "/admin/settings/general", tag = "admin", operation_id = "admin_get_general_settings",
    security(("bearer" = [])),
    responses(
        (status = 200, body = GeneralSettingsBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_general(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<GeneralSettingsBody>> {
    Ok(Json(store_settings::general(&state.db).await?.into()))
}

/// Change the general settings: every field is checked and all problems answered at once;
/// the next checkout quote and the public settings follow at once.
#[utoipa::path(
    put, path = "/admin/settings/general", tag = "admin", operation_id = "admin_set_general_settings",
    security(("bearer" = [])), request_body = GeneralSettingsBody,
    responses(
        (status = 200, body = GeneralSettingsBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn set_general(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<GeneralSettingsBody>,
) -> ApiResult<Json<GeneralSettingsBody>> {
    let set = store_settings::set_general(&state.db, &actor(&caller), &body.into()).await?;
    Ok(Json(set.into()))
}

/// Attempts allowed per address, email or user in each window.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RateLimitNumbers {
    /// Password sign-ins, per address and per email.
    pub sign_in: i64,
    /// Sign-ups, per address and per email.
    pub sign_up: i64,
    /// Password recovery emails, per address and per email.
    pub recover: i64,
    /// Email-link and one-time-code checks, per address.
    pub verify: i64,
    /// Session refreshes, per address.
    pub refresh: i64,
    /// Second-factor challenges and checks, per user and per factor.
    pub mfa: i64,
    /// Points-code redemptions, per customer.
    pub redeem: i64,
}

/// The advanced settings page.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdvancedSettingsBody {
    /// The shop's API answers 503 with the message to everyone but admins.
    pub maintenance_mode: bool,
    /// 10 to 500 characters.
    pub maintenance_message: String,
    /// Whether new customers may make accounts.
    pub sign_up_open: bool,
    /// New stores' products wait for an admin's review the first time they go on sale.
    pub product_review_new_vendors: bool,
    /// A store is new for this many days (0 to 3,650).
    pub product_review_days: i64,
    /// How long an unpaid order holds its stock (5 to 10,080 minutes).
    pub reservation_minutes: i64,
    /// Each 1 to 10,000 per window.
    pub rate_limits: RateLimitNumbers,
    /// The rate limits' window in seconds (read only; ignored when sent).
    #[serde(default)]
    pub rate_limit_window_seconds: i64,
}

impl AdvancedSettingsBody {
    fn new(s: AdvancedSettings, state: &AppState) -> Self {
        let configured = state.auth.config.rate_limits;
        let r = s.advanced.rate_limits.unwrap_or(configured.per_window);
        Self {
            maintenance_mode: s.advanced.maintenance,
            maintenance_message: s.advanced.maintenance_message,
            sign_up_open: s.advanced.sign_up_open,
            product_review_new_vendors: s.product_review.new_vendors,
            product_review_days: s.product_review.days,
            reservation_minutes: s.reservation_minutes,
            rate_limits: RateLimitNumbers {
                sign_in: r.sign_in.into(),
                sign_up: r.sign_up.into(),
                recover: r.recover.into(),
                verify: r.verify.into(),
                refresh: r.refresh.into(),
                mfa: r.mfa.into(),
                redeem: r.redeem.into(),
            },
            rate_limit_window_seconds: i64::try_from(configured.window.as_secs())
                .unwrap_or(i64::MAX),
        }
    }
}

/// What the page sent, for the domain's rules to check.
impl From<AdvancedSettingsBody> for AdvancedDraft {
    fn from(body: AdvancedSettingsBody) -> Self {
        let r = body.rate_limits;
        Self {
            maintenance: body.maintenance_mode,
            maintenance_message: body.maintenance_message,
            sign_up_open: body.sign_up_open,
            product_review_new_vendors: body.product_review_new_vendors,
            product_review_days: body.product_review_days,
            reservation_minutes: body.reservation_minutes,
            rate_limits: [
                r.sign_in, r.sign_up, r.recover, r.verify, r.refresh, r.mfa, r.redeem,
            ],
        }
    }
}

/// The advanced settings, with the rate limits in force (the server's own until an admin
/// sets them).
#[utoipa::path(
    get, path = "/admin/settings/advanced", tag = "admin", operation_id = "admin_get_advanced_settings",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdvancedSettingsBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_advanced(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdvancedSettingsBody>> {
    let settings = store_settings::advanced(&state.db).await?;
    Ok(Json(AdvancedSettingsBody::new(settings, &state)))
}

/// Change the advanced settings: every field is checked and all problems answered at once
/// (a rate limit's under `rate_limits.<name>`). Every `serve` process obeys the change from
/// its next request.
#[utoipa::path(
    put, path = "/admin/settings/advanced", tag = "admin", operation_id = "admin_set_advanced_settings",
    security(("bearer" = [])), request_body = AdvancedSettingsBody,
    responses(
        (status = 200, body = AdvancedSettingsBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn set_advanced(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<AdvancedSettingsBody>,
) -> ApiResult<Json<AdvancedSettingsBody>> {
    let set = store_settings::set_advanced(&state.db, &actor(&caller), &body.into()).await?;
    Ok(Json(AdvancedSettingsBody::new(set, &state)))
}
