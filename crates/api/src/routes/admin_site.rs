//! Settings of what the site shows, where it delivers and how it is paid, as admins edit
//! them: the home page's slides and banners, SEO, countries and provinces, display
//! currencies and PayFast. Every change is audited (see `bazaar_commerce::site_settings`
//! and `bazaar_commerce::payment_settings`).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::payment_settings::{self, PaymentsDraft, Source, StoredPayments};
use bazaar_commerce::site_settings;
use bazaar_db::settings::{CountryRow, CurrencyRow};
use bazaar_domain::checkout::PROVINCES;
use bazaar_domain::settings::currencies::{CurrencyDraft, STORE_CURRENCY, format_rate};
use bazaar_domain::settings::home::{HeroSlide, HomeBanner, HomeContent};
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
        .routes(routes!(
            admin_get_home_content,
            admin_set_home_content,
            admin_reset_home_content
        ))
        .routes(routes!(get_home_content))
        .routes(routes!(admin_get_seo, admin_set_seo))
        .routes(routes!(admin_get_countries, admin_set_countries))
        .routes(routes!(admin_get_currencies, admin_set_currencies))
        .routes(routes!(admin_get_payments, admin_set_payments))
        .routes(routes!(admin_check_payments))
}

// ---- Home page ----

/// One hero slide.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HeroSlideBody {
    /// Up to 40 characters.
    #[serde(default)]
    pub subtitle: String,
    /// 1 to 80 characters.
    pub title: String,
    /// Up to 240 characters.
    #[serde(default)]
    pub description: String,
    /// 1 to 30 characters.
    pub button_text: String,
    /// A path on this site (`/products/`) or an `https://` address.
    pub link: String,
    /// `/media/…` or an `https://` address; none shows the built-in art.
    #[serde(default)]
    pub image_url: Option<String>,
    /// `brand` or `light`.
    pub tone: String,
}

/// One banner under the hero.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HomeBannerBody {
    /// Up to 30 characters.
    #[serde(default)]
    pub kicker: String,
    /// 1 to 60 characters.
    pub title: String,
    /// Up to 160 characters.
    #[serde(default)]
    pub text: String,
    /// 1 to 30 characters.
    pub button_text: String,
    pub link: String,
    #[serde(default)]
    pub image_url: Option<String>,
    /// `sale`, `dark` or `brand`.
    pub tone: String,
}

/// The home page's slides (1 to 6) and banners (0 to 4). Field errors are named
/// `slides.0.title`, `banners.1.link`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HomeContentBody {
    pub slides: Vec<HeroSlideBody>,
    pub banners: Vec<HomeBannerBody>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHomeContent {
    pub slides: Vec<HeroSlideBody>,
    pub banners: Vec<HomeBannerBody>,
    /// Whether this is the content the site was built with.
    pub is_default: bool,
}

impl From<HomeContent> for HomeContentBody {
    fn from(c: HomeContent) -> Self {
        Self {
            slides: c
                .slides
                .into_iter()
                .map(|s| HeroSlideBody {
                    subtitle: s.subtitle,
                    title: s.title,
                    description: s.description,
                    button_text: s.button_text,
                    link: s.link,
                    image_url: s.image_url,
                    tone: s.tone,
                })
                .collect(),
            banners: c
                .banners
                .into_iter()
                .map(|b| HomeBannerBody {
                    kicker: b.kicker,
                    title: b.title,
                    text: b.text,
                    button_text: b.button_text,
                    link: b.link,
                    image_url: b.image_url,
                    tone: b.tone,
                })
                .collect(),
        }
    }
}

impl From<HomeContentBody> for HomeContent {
    fn from(b: HomeContentBody) -> Self {
        Self {
            slides: b
                .slides
                .into_iter()
                .map(|s| HeroSlide {
                    subtitle: s.subtitle,
                    title: s.title,
                    description: s.description,
                    button_text: s.button_text,
                    link: s.link,
                    image_url: s.image_url,
                    tone: s.tone,
                })
                .collect(),
            banners: b
                .banners
                .into_iter()
                .map(|b| HomeBanner {
                    kicker: b.kicker,
                    title: b.title,
                    text: b.text,
                    button_text: b.button_text,
                    link: b.link,
                    image_url: b.image_url,
                    tone: b.tone,
                })
                .collect(),
        }
    }
}

fn admin_home(c: HomeContent) -> AdminHomeContent {
    let is_default = c.is_default();
    let body = HomeContentBody::from(c);
    AdminHomeContent {
        slides: body.slides,
        banners: body.banners,
        is_default,
    }
}

/// The home page's slides and banners.
#[utoipa::path(
    get, path = "/settings/home", tag = "settings", operation_id = "get_home_content",
    responses((status = 200, body = HomeContentBody))
)]
async fn get_home_content(State(state): State<AppState>) -> ApiResult<Json<HomeContentBody>> {
    Ok(Json(site_settings::home(&state.db).await?.into()))
}

/// The home page's slides and banners, as admins edit them.
#[utoipa::path(
    get, path = "/admin/settings/home", tag = "admin", operation_id = "admin_get_home_content",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminHomeContent), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_home_content(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdminHomeContent>> {
    Ok(Json(admin_home(site_settings::home(&state.db).await?)))
}

/// Save the home page's slides and banners.
#[utoipa::path(
    put, path = "/admin/settings/home", tag = "admin", operation_id = "admin_set_home_content",
    security(("bearer" = [])), request_body = HomeContentBody,
    responses(
        (status = 200, body = AdminHomeContent), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_set_home_content(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<HomeContentBody>,
) -> ApiResult<Json<AdminHomeContent>> {
    let content = HomeContent::from(body);
    let saved = site_settings::set_home(&state.db, &actor(&caller), Some(&content)).await?;
    Ok(Json(admin_home(saved)))
}

/// Put the built-in slides and banners back.
#[utoipa::path(
    delete, path = "/admin/settings/home", tag = "admin", operation_id = "admin_reset_home_content",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminHomeContent), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_reset_home_content(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
) -> ApiResult<Json<AdminHomeContent>> {
    let saved = site_settings::set_home(&state.db, &actor(&caller), None).await?;
    Ok(Json(admin_home(saved)))
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

// ---- Payments ----

#[derive(Debug, Serialize, ToSchema)]
pub struct StartedPayments {
    pub mode: String,
    pub merchant_id: String,
}

/// How payments are taken. Secrets are never answered, only whether they are set.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentSettings {
    /// `server` (as the server was started) or `settings` (these).
    pub source: String,
    /// `simulator`, `sandbox` or `live`.
    pub mode: String,
    pub merchant_id: String,
    pub merchant_key_set: bool,
    pub passphrase_set: bool,
    /// Who may post payment notifications: IPs, CIDR ranges or host names.
    pub itn_sources: Vec<String>,
    /// How the server was started.
    pub started: StartedPayments,
    /// Whether the server has a secret key to keep the merchant key and passphrase.
    pub can_seal: bool,
}

/// The payment settings as sent. A secret: absent or null keeps the one set, empty removes
/// it, anything else replaces it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentSettingsUpdate {
    pub source: String,
    pub mode: String,
    #[serde(default)]
    pub merchant_id: String,
    #[serde(default)]
    pub merchant_key: Option<String>,
    #[serde(default)]
    pub passphrase: Option<String>,
    #[serde(default)]
    pub itn_sources: Vec<String>,
}

/// A test form signed with the payment settings in force.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCheck {
    pub mode: String,
    /// Where the form would be posted.
    pub process_url: String,
    /// In PayFast's order, `signature` last.
    pub fields: Vec<PaymentCheckField>,
    pub signature: String,
    /// What would go wrong or is worth knowing; empty when all is well.
    pub problems: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCheckField {
    pub name: String,
    pub value: String,
}

fn payment_settings(state: &AppState, stored: StoredPayments) -> PaymentSettings {
    let started = &state.payments.started().settings;
    let (mode, merchant_id, sources) = match stored.source {
        Source::Settings => (
            stored.mode.to_string(),
            stored.merchant_id.clone(),
            if stored.itn_sources.is_empty() {
                started.allowed_sources.clone()
            } else {
                stored.itn_sources.clone()
            },
        ),
        Source::Server => (
            started.mode.to_string(),
            started.merchant_id.clone(),
            started.allowed_sources.clone(),
        ),
    };
    PaymentSettings {
        source: stored.source.as_str().to_owned(),
        mode,
        merchant_id,
        merchant_key_set: stored.sealed_key.is_some(),
        passphrase_set: stored.sealed_passphrase.is_some(),
        itn_sources: sources,
        started: StartedPayments {
            mode: started.mode.to_string(),
            merchant_id: started.merchant_id.clone(),
        },
        can_seal: state.payments.can_seal(),
    }
}

/// The payment settings.
#[utoipa::path(
    get, path = "/admin/settings/payments", tag = "admin", operation_id = "admin_get_payments",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PaymentSettings), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_payments(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<PaymentSettings>> {
    let stored = payment_settings::payments(&state.db).await?;
    Ok(Json(payment_settings(&state, stored)))
}

/// Change how payments are taken.
#[utoipa::path(
    put, path = "/admin/settings/payments", tag = "admin", operation_id = "admin_set_payments",
    security(("bearer" = [])), request_body = PaymentSettingsUpdate,
    responses(
        (status = 200, body = PaymentSettings), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "`secret_key_missing`: the server has no key to keep secrets", body = ErrorBody)
    )
)]
async fn admin_set_payments(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<PaymentSettingsUpdate>,
) -> ApiResult<Json<PaymentSettings>> {
    let draft = PaymentsDraft {
        source: body.source,
        mode: body.mode,
        merchant_id: body.merchant_id,
        merchant_key: body.merchant_key,
        passphrase: body.passphrase,
        itn_sources: body.itn_sources,
    };
    let saved =
        payment_settings::set_payments(&state.db, &state.payments, &actor(&caller), &draft).await?;
    Ok(Json(payment_settings(&state, saved)))
}

/// Sign a R10.00 test form with the payment settings in force.
#[utoipa::path(
    post, path = "/admin/settings/payments/check", tag = "admin", operation_id = "admin_check_payments",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PaymentCheck), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_check_payments(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
) -> ApiResult<Json<PaymentCheck>> {
    let c = payment_settings::check(
        &state.db,
        &state.payments,
        &actor(&caller),
        &state.config.public_url,
    )
    .await?;
    Ok(Json(PaymentCheck {
        mode: c.mode,
        process_url: c.process_url,
        fields: c
            .fields
            .into_iter()
            .map(|(name, value)| PaymentCheckField { name, value })
            .collect(),
        signature: c.signature,
        problems: c.problems,
    }))
}
