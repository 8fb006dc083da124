//! Settings of what the site shows and where it delivers, as admins edit them: SEO,
//! countries and provinces, and display currencies. Every change is audited (see
//! `bazaar_commerce::site_settings`). The home page's content is `admin_home`, payments
//! `admin_payments`.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::site_settings;
use bazaar_db::settings::{CountryRow, CurrencyRow};
use bazaar_domain::checkout::PROVINCES;
use bazaar_domain::settings::currencies::{CurrencyDraft, STORE_CURRENCY, format_rate};
use bazaar_domain::settings::regions::Regions;
use bazaar_domain::settings::seo::Seo;
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
        .routes(routes!(admin_get_seo, admin_set_seo))
        .routes(routes!(admin_get_countries, admin_set_countries))
        .routes(routes!(admin_get_currencies, admin_set_currencies))
}

// ---- SEO ----

/// What search engines and link previews are told.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeoSettings {
    /// The title of pages without their own, 3 to 70 characters.
    pub default_title: String,
    /// Their description, 20 to 200 characters.
    pub default_description: String,
    /// The picture link previews show: `/media/…` or `https://`; none when empty.
    #[serde(default)]
    pub social_image_url: Option<String>,
    /// Whether `/sitemap.xml` lists the product pages.
    pub sitemap_products: bool,
    /// … the stores' pages.
    pub sitemap_stores: bool,
    /// … the information pages (about, contact, FAQ, delivery, returns, privacy, terms).
    pub sitemap_pages: bool,
}

impl From<Seo> for SeoSettings {
    fn from(s: Seo) -> Self {
        Self {
            default_title: s.default_title,
            default_description: s.default_description,
            social_image_url: Some(s.social_image_url).filter(|u| !u.is_empty()),
            sitemap_products: s.sitemap_products,
            sitemap_stores: s.sitemap_stores,
            sitemap_pages: s.sitemap_pages,
        }
    }
}

/// The SEO settings.
#[utoipa::path(
    get, path = "/admin/settings/seo", tag = "admin", operation_id = "admin_get_seo",
    security(("bearer" = [])),
    responses(
        (status = 200, body = SeoSettings), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_seo(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<SeoSettings>> {
    Ok(Json(site_settings::seo(&state.db).await?.into()))
}

/// Change the SEO settings.
#[utoipa::path(
    put, path = "/admin/settings/seo", tag = "admin", operation_id = "admin_set_seo",
    security(("bearer" = [])), request_body = SeoSettings,
    responses(
        (status = 200, body = SeoSettings), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_set_seo(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<SeoSettings>,
) -> ApiResult<Json<SeoSettings>> {
    let draft = Seo {
        default_title: body.default_title,
        default_description: body.default_description,
        social_image_url: body.social_image_url.unwrap_or_default(),
        sitemap_products: body.sitemap_products,
        sitemap_stores: body.sitemap_stores,
        sitemap_pages: body.sitemap_pages,
    };
    let saved = site_settings::set_seo(&state.db, &actor(&caller), &draft).await?;
    Ok(Json(saved.into()))
}

// ---- Countries and provinces ----

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RegionSwitch {
    pub code: String,
    /// Answered; ignored when sent.
    #[serde(default)]
    pub name: String,
    pub enabled: bool,
}

/// Where the shop delivers. Addresses are checked as South African ones: South Africa stays
/// on and no other country can be turned on yet; at least one province is served.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CountrySettings {
    /// Ordered by name.
    pub countries: Vec<RegionSwitch>,
    /// South Africa's nine provinces.
    pub provinces: Vec<RegionSwitch>,
}

fn country_settings(countries: Vec<CountryRow>, regions: &Regions) -> CountrySettings {
    CountrySettings {
        countries: countries
            .into_iter()
            .map(|c| RegionSwitch {
                code: c.code,
                name: c.name,
                enabled: c.enabled,
            })
            .collect(),
        provinces: PROVINCES
            .iter()
            .map(|(code, name)| RegionSwitch {
                code: (*code).to_owned(),
                name: (*name).to_owned(),
                enabled: regions.provinces.contains(code),
            })
            .collect(),
    }
}

/// The countries and provinces delivered to.
#[utoipa::path(
    get, path = "/admin/settings/countries", tag = "admin", operation_id = "admin_get_countries",
    security(("bearer" = [])),
    responses(
        (status = 200, body = CountrySettings), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_countries(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<CountrySettings>> {
    let (countries, regions) = site_settings::regions(&state.db).await?;
    Ok(Json(country_settings(countries, &regions)))
}

/// Change the countries and provinces delivered to.
#[utoipa::path(
    put, path = "/admin/settings/countries", tag = "admin", operation_id = "admin_set_countries",
    security(("bearer" = [])), request_body = CountrySettings,
    responses(
        (status = 200, body = CountrySettings), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_set_countries(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<CountrySettings>,
) -> ApiResult<Json<CountrySettings>> {
    let on = |list: &[RegionSwitch]| -> Vec<String> {
        list.iter()
            .filter(|r| r.enabled)
            .map(|r| r.code.clone())
            .collect()
    };
    let (countries, regions) = site_settings::set_regions(
        &state.db,
        &actor(&caller),
        &on(&body.countries),
        &on(&body.provinces),
    )
    .await?;
    Ok(Json(country_settings(countries, &regions)))
}

// ---- Currencies ----

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CurrencySetting {
    pub code: String,
    /// Answered; ignored when sent.
    #[serde(default)]
    pub name: String,
    /// 1 to 5 characters.
    pub symbol: String,
    /// 0 to 3.
    pub decimal_places: i64,
    pub enabled: bool,
    /// How many of this currency one rand buys ("0.054321"), up to 6 decimals; the store
    /// currency's is "1". Needed for a currency that is on.
    #[serde(default)]
    pub rate: Option<String>,
}

/// The display currencies. Prices are kept and paid in the store currency, ZAR (PayFast
/// takes rand only); the others show approximate prices at their rate.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CurrencySettings {
    pub store_currency: String,
    /// Ordered by name.
    pub currencies: Vec<CurrencySetting>,
}

fn currency_settings(rows: Vec<CurrencyRow>) -> CurrencySettings {
    CurrencySettings {
        store_currency: STORE_CURRENCY.to_owned(),
        currencies: rows
            .into_iter()
            .map(|c| CurrencySetting {
                code: c.code,
                name: c.name,
                symbol: c.symbol,
                decimal_places: c.decimal_places,
                enabled: c.enabled,
                rate: c.rate_ppm.map(format_rate),
            })
            .collect(),
    }
}

/// The display currencies and their rates.
#[utoipa::path(
    get, path = "/admin/settings/currencies", tag = "admin", operation_id = "admin_get_currencies",
    security(("bearer" = [])),
    responses(
        (status = 200, body = CurrencySettings), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_currencies(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<CurrencySettings>> {
    Ok(Json(currency_settings(
        bazaar_db::settings::currencies(&state.db).await?,
    )))
}

/// Change the display currencies. Problems come back under `currencies.<CODE>.<field>`.
#[utoipa::path(
    put, path = "/admin/settings/currencies", tag = "admin", operation_id = "admin_set_currencies",
    security(("bearer" = [])), request_body = CurrencySettings,
    responses(
        (status = 200, body = CurrencySettings), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_set_currencies(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<CurrencySettings>,
) -> ApiResult<Json<CurrencySettings>> {
    let drafts: Vec<CurrencyDraft> = body
        .currencies
        .into_iter()
        .map(|c| CurrencyDraft {
            code: c.code,
            symbol: c.symbol,
            decimal_places: c.decimal_places,
            enabled: c.enabled,
            rate: c.rate,
        })
        .collect();
    let rows =
        site_settings::set_currencies(&state.db, &actor(&caller), &body.store_currency, &drafts)
            .await?;
    Ok(Json(currency_settings(rows)))
}
