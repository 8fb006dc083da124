//! The site's look and its tracking tools as admins set them (`/admin/settings/branding`,
//! `/admin/settings/tracking`), each change audited with before and after and shown by the
//! public settings at once.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::store_settings;
use bazaar_domain::settings::branding::{Branding, BrandingDraft, Font};
use bazaar_domain::settings::tracking::{AdsLabels, Ga4, GoogleAds, Hotjar, MetaPixel, Tracking};
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
        .routes(routes!(get_branding, set_branding))
        .routes(routes!(get_tracking, set_tracking))
}

/// The branding page. Colours are `#rrggbb`, each readable on its theme's surface
/// (contrast at least 4.5:1); the rest of each theme's brand scale follows from its colour.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct BrandingBody {
    /// A picture from the media library (`/media/…`) or an `https://` address; empty shows
    /// the logo text.
    pub logo_url: String,
    /// Up to 40 characters; empty shows the store's name.
    pub logo_text: String,
    /// As `logo_url`; empty keeps the site's own icon.
    pub favicon_url: String,
    pub light_brand: String,
    pub light_sale: String,
    pub dark_brand: String,
    pub dark_sale: String,
    /// `system`, `humanist`, `geometric`, `serif` or `mono`.
    pub body_font: String,
    /// As `body_font`.
    pub heading_font: String,
    /// Whether colours were ever set (read only): until then the site's built-in palette.
    #[serde(default)]
    pub custom_colours: bool,
    /// The fonts there are to choose from (read only).
    #[serde(default)]
    pub fonts: Vec<String>,
}

impl From<Branding> for BrandingBody {
    fn from(b: Branding) -> Self {
        let (light, dark) = b.palettes();
        Self {
            custom_colours: b.colours.is_some(),
            logo_url: b.logo_url,
            logo_text: b.logo_text,
            favicon_url: b.favicon_url,
            light_brand: light.brand.hex(),
            light_sale: light.sale.hex(),
            dark_brand: dark.brand.hex(),
            dark_sale: dark.sale.hex(),
            body_font: b.body_font.as_str().to_owned(),
            heading_font: b.heading_font.as_str().to_owned(),
            fonts: Font::ALL.iter().map(|f| f.as_str().to_owned()).collect(),
        }
    }
}

impl From<BrandingBody> for BrandingDraft {
    fn from(b: BrandingBody) -> Self {
        Self {
            logo_url: b.logo_url,
            logo_text: b.logo_text,
            favicon_url: b.favicon_url,
            light_brand: b.light_brand,
            light_sale: b.light_sale,
            dark_brand: b.dark_brand,
            dark_sale: b.dark_sale,
            body_font: b.body_font,
            heading_font: b.heading_font,
        }
    }
}

/// The branding: logo, favicon, colours of both themes and fonts.
#[utoipa::path(
    get, path = "/admin/settings/branding", tag = "admin", operation_id = "admin_get_branding",
    security(("bearer" = [])),
    responses(
        (status = 200, body = BrandingBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_branding(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<BrandingBody>> {
    Ok(Json(store_settings::branding(&state.db).await?.into()))
}

/// Change the branding: every field checked, all problems answered at once; the storefront
/// shows it from its next visit.
#[utoipa::path(
    put, path = "/admin/settings/branding", tag = "admin", operation_id = "admin_set_branding",
    security(("bearer" = [])), request_body = BrandingBody,
    responses(
        (status = 200, body = BrandingBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn set_branding(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<BrandingBody>,
) -> ApiResult<Json<BrandingBody>> {
    let set = store_settings::set_branding(&state.db, &actor(&caller), &body.into()).await?;
    Ok(Json(set.into()))
}

/// Google Analytics 4 (loaded after the visitor accepts analytics cookies).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Ga4Body {
    pub enabled: bool,
    /// `G-` and letters or digits; may be empty while off.
    pub measurement_id: String,
    pub anonymize_ip: bool,
    pub send_page_view: bool,
}

/// A Google Ads conversion (loaded after the visitor accepts marketing cookies).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GoogleAdsBody {
    pub enabled: bool,
    /// `AW-` and digits; may be empty while off.
    pub conversion_id: String,
    /// Each event's conversion label; an empty label sends nothing for it.
    pub purchase_label: String,
    pub add_to_cart_label: String,
    pub begin_checkout_label: String,
    pub sign_up_label: String,
}

/// Hotjar (loaded after the visitor accepts analytics cookies).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HotjarBody {
    pub enabled: bool,
    /// Up to 10 digits; may be empty while off.
    pub site_id: String,
}

/// The Meta Pixel (loaded after the visitor accepts marketing cookies).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MetaPixelBody {
    pub enabled: bool,
    /// 10 to 20 digits; may be empty while off.
    pub pixel_id: String,
    pub track_page_view: bool,
    pub track_add_to_cart: bool,
    pub track_purchase: bool,
}

/// The tracking tools. Problems are answered under `ga4.measurement_id`,
/// `google_ads.conversion_id`, `google_ads.labels.<event>`, `hotjar.site_id` and
/// `meta_pixel.pixel_id`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TrackingBody {
    pub ga4: Ga4Body,
    pub google_ads: GoogleAdsBody,
    pub hotjar: HotjarBody,
    pub meta_pixel: MetaPixelBody,
}

impl From<Tracking> for TrackingBody {
    fn from(t: Tracking) -> Self {
        let (g, a, h, m) = (t.ga4, t.google_ads, t.hotjar, t.meta_pixel);
        Self {
            ga4: Ga4Body {
                enabled: g.enabled,
                measurement_id: g.measurement_id,
                anonymize_ip: g.anonymize_ip,
                send_page_view: g.send_page_view,
            },
            google_ads: GoogleAdsBody {
                enabled: a.enabled,
                conversion_id: a.conversion_id,
                purchase_label: a.labels.purchase,
                add_to_cart_label: a.labels.add_to_cart,
                begin_checkout_label: a.labels.begin_checkout,
                sign_up_label: a.labels.sign_up,
            },
            hotjar: HotjarBody {
                enabled: h.enabled,
                site_id: h.site_id,
            },
            meta_pixel: MetaPixelBody {
                enabled: m.enabled,
                pixel_id: m.pixel_id,
                track_page_view: m.track_page_view,
                track_add_to_cart: m.track_add_to_cart,
                track_purchase: m.track_purchase,
            },
        }
    }
}

impl From<TrackingBody> for Tracking {
    fn from(b: TrackingBody) -> Self {
        let (g, a, h, m) = (b.ga4, b.google_ads, b.hotjar, b.meta_pixel);
        Self {
            ga4: Ga4 {
                enabled: g.enabled,
                measurement_id: g.measurement_id,
                anonymize_ip: g.anonymize_ip,
                send_page_view: g.send_page_view,
            },
            google_ads: GoogleAds {
                enabled: a.enabled,
                conversion_id: a.conversion_id,
                labels: AdsLabels {
                    purchase: a.purchase_label,
                    add_to_cart: a.add_to_cart_label,
                    begin_checkout: a.begin_checkout_label,
                    sign_up: a.sign_up_label,
                },
            },
            hotjar: Hotjar {
                enabled: h.enabled,
                site_id: h.site_id,
            },
            meta_pixel: MetaPixel {
                enabled: m.enabled,
                pixel_id: m.pixel_id,
                track_page_view: m.track_page_view,
                track_add_to_cart: m.track_add_to_cart,
                track_purchase: m.track_purchase,
            },
        }
    }
}

/// The tracking tools and their ids.
#[utoipa::path(
    get, path = "/admin/settings/tracking", tag = "admin", operation_id = "admin_get_tracking",
    security(("bearer" = [])),
    responses(
        (status = 200, body = TrackingBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_tracking(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<TrackingBody>> {
    Ok(Json(store_settings::tracking(&state.db).await?.into()))
}

/// Change the tracking tools: an enabled tool needs a well-formed id. Visitors' browsers
/// load a tool only after they accept its cookie category.
#[utoipa::path(
    put, path = "/admin/settings/tracking", tag = "admin", operation_id = "admin_set_tracking",
    security(("bearer" = [])), request_body = TrackingBody,
    responses(
        (status = 200, body = TrackingBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn set_tracking(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<TrackingBody>,
) -> ApiResult<Json<TrackingBody>> {
    let set = store_settings::set_tracking(&state.db, &actor(&caller), &body.into()).await?;
    Ok(Json(set.into()))
}
