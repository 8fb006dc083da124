//! Platform settings admins change (`/admin/settings/…`), each change audited with before
//! and after: whether new stores' products wait for review, and the general settings (the
//! store's details, shipping, VAT and the points earn rate).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::{admin, store_settings};
use bazaar_domain::money::Cents;
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
    let draft = GeneralDraft {
        store_name: body.store_name,
        contact_email: body.contact_email,
        contact_phone: body.contact_phone,
        address: body.address,
        support_hours: body.support_hours,
        free_shipping_threshold: body.free_shipping_threshold,
        standard_shipping_rate: body.standard_shipping_rate,
        vat_rate_percent: body.vat_rate_percent,
        points_per_100_rand: body.points_per_100_rand,
    };
    let set = store_settings::set_general(&state.db, &actor(&caller), &draft).await?;
    Ok(Json(set.into()))
}
