//! Public store settings: currency, shipping, tax, branding, currencies and countries.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::store_settings;
use bazaar_db::settings;
use bazaar_domain::settings::tracking::Tracking;
use bazaar_domain::settings::{self as rules, branding};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_public_settings))
}

/// The store currency code (`default_currency`, ZAR when unset).
pub async fn store_currency(state: &AppState) -> ApiResult<String> {
    let code = state
        .caches
        .currency
        .get_or_load(&(), || async {
            let value = settings::system(&state.db, "default_currency").await?;
            Ok::<_, bazaar_db::DbError>(rules::default_currency(value.as_ref()))
        })
        .await?;
    Ok(code)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CurrencyView {
    pub code: String,
    pub name: String,
    pub symbol: String,
    pub decimal_places: i64,
    pub enabled: bool,
    /// How many of this currency one rand buys ("0.054"), for approximate prices; none
    /// when not set.
    pub rate: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CountryView {
    pub code: String,
    pub name: String,
    pub enabled: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingView {
    /// Orders at or above this total ship free (cents).
    pub free_shipping_threshold_cents: i64,
    /// Standard shipping below the threshold (cents).
    pub default_shipping_rate_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaxView {
    /// VAT included in catalogue prices, in percent.
    pub default_rate_percent: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteView {
    pub logo_url: Option<String>,
    pub logo_text: Option<String>,
}

/// Who the store is and how customers reach it (admin general settings).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreDetailsView {
    pub name: String,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub address: Option<String>,
    pub support_hours: Option<String>,
}

/// Whether the shop is closed for maintenance (admins still get through), and what
/// customers are told meanwhile.
#[derive(Debug, Serialize, ToSchema)]
pub struct MaintenanceView {
    pub enabled: bool,
    pub message: String,
}

/// One theme's brand scale and sale colour, as CSS colours.
#[derive(Debug, Serialize, ToSchema)]
pub struct ThemeColoursView {
    pub brand_50: String,
    pub brand_100: String,
    pub brand_600: String,
    pub brand_700: String,
    pub brand_800: String,
    pub sale: String,
}

impl From<branding::Scale> for ThemeColoursView {
    fn from(s: branding::Scale) -> Self {
        Self {
            brand_50: s.brand_50,
            brand_100: s.brand_100,
            brand_600: s.brand_600,
            brand_700: s.brand_700,
            brand_800: s.brand_800,
            sale: s.sale,
        }
    }
}

/// The admins' branding (the logo is under `site`).
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandingView {
    /// The whole branding as the text of the site's `<style id="brand-theme">` (pages are
    /// served with it already); empty for the built-in look.
    pub css: String,
    pub favicon_url: Option<String>,
    /// CSS `font-family` values.
    pub body_font: String,
    pub heading_font: String,
    /// `None` (both): the site's built-in palette.
    pub light: Option<ThemeColoursView>,
    pub dark: Option<ThemeColoursView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Ga4View {
    pub measurement_id: String,
    pub anonymize_ip: bool,
    pub send_page_view: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GoogleAdsView {
    pub conversion_id: String,
    pub purchase_label: Option<String>,
    pub add_to_cart_label: Option<String>,
    pub begin_checkout_label: Option<String>,
    pub sign_up_label: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HotjarView {
    pub site_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MetaPixelView {
    pub pixel_id: String,
    pub track_page_view: bool,
    pub track_add_to_cart: bool,
    pub track_purchase: bool,
}

/// The tracking tools that are on. The site loads GA4 and Hotjar only after the visitor
/// accepts analytics cookies, Google Ads and the Meta Pixel only after marketing cookies.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackingView {
    pub ga4: Option<Ga4View>,
    pub google_ads: Option<GoogleAdsView>,
    pub hotjar: Option<HotjarView>,
    pub meta_pixel: Option<MetaPixelView>,
}

impl From<Tracking> for TrackingView {
    fn from(t: Tracking) -> Self {
        let label = |s: String| Some(s).filter(|s| !s.is_empty());
        let (g, a, h, m) = (t.ga4, t.google_ads, t.hotjar, t.meta_pixel);
        Self {
            ga4: g.active().then_some(Ga4View {
                measurement_id: g.measurement_id,
                anonymize_ip: g.anonymize_ip,
                send_page_view: g.send_page_view,
            }),
            google_ads: a.active().then(|| GoogleAdsView {
                conversion_id: a.conversion_id,
                purchase_label: label(a.labels.purchase),
                add_to_cart_label: label(a.labels.add_to_cart),
                begin_checkout_label: label(a.labels.begin_checkout),
                sign_up_label: label(a.labels.sign_up),
            }),
            hotjar: h.active().then_some(HotjarView { site_id: h.site_id }),
            meta_pixel: m.active().then_some(MetaPixelView {
                pixel_id: m.pixel_id,
                track_page_view: m.track_page_view,
                track_add_to_cart: m.track_add_to_cart,
                track_purchase: m.track_purchase,
            }),
        }
    }
}

impl From<branding::Branding> for BrandingView {
    fn from(b: branding::Branding) -> Self {
        let (light, dark) = match b.colours {
            Some((l, d)) => (
                Some(l.scale(branding::Mode::Light).into()),
                Some(d.scale(branding::Mode::Dark).into()),
            ),
            None => (None, None),
        };
        Self {
            css: b.css(),
            favicon_url: Some(b.favicon_url).filter(|u| !u.is_empty()),
            body_font: b.body_font.stack().to_owned(),
            heading_font: b.heading_font.stack().to_owned(),
            light,
            dark,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSettings {
    pub store: StoreDetailsView,
    pub maintenance: MaintenanceView,
    /// Whether new customers may make accounts.
    pub sign_up_open: bool,
    /// The store currency, with display details.
    pub currency: CurrencyView,
    pub shipping: ShippingView,
    pub tax: TaxView,
    pub site: SiteView,
    pub branding: BrandingView,
    pub tracking: TrackingView,
    /// Ordered by name.
    pub currencies: Vec<CurrencyView>,
    /// Ordered by name.
    pub countries: Vec<CountryView>,
    /// The provinces delivered to, by full name, in the order of the nine.
    pub delivery_provinces: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSettingsResponse {
    pub settings: PublicSettings,
}

/// Settings the storefront needs before anything else.
#[utoipa::path(
    get, path = "/settings/public", tag = "settings", operation_id = "get_public_settings",
    responses((status = 200, body = PublicSettingsResponse))
)]
pub async fn get_public_settings(
    State(state): State<AppState>,
) -> ApiResult<Json<PublicSettingsResponse>> {
    let db = &state.db;
    let (branding, tracking) =
        tokio::join!(store_settings::branding(db), store_settings::tracking(db));
    let (currency_code, advanced, store, shipping, tax, site, currencies, countries, regions) = tokio::join!(
        store_currency(&state),
        state.rules.get(db),
        settings::system(db, rules::STORE_DETAILS_KEY),
        settings::system(db, "shipping_settings"),
        settings::system(db, "tax_settings"),
        settings::site(db, &["site_logo_url", "site_logo_text"]),
        settings::currencies(db),
        settings::countries(db),
        settings::system(db, bazaar_domain::settings::regions::REGIONS_KEY),
    );
    let currency_code = currency_code?;
    let currencies: Vec<CurrencyView> = currencies?
        .into_iter()
        .map(|c| CurrencyView {
            code: c.code,
            name: c.name,
            symbol: c.symbol,
            decimal_places: c.decimal_places,
            enabled: c.enabled,
            rate: c
                .rate_ppm
                .map(bazaar_domain::settings::currencies::format_rate),
        })
        .collect();
    let currency = currencies
        .iter()
        .find(|c| c.code == currency_code)
        .map_or_else(
            || {
                let display = bazaar_domain::money::CurrencyDisplay::new(&currency_code);
                CurrencyView {
                    code: currency_code.clone(),
                    name: currency_code.clone(),
                    symbol: display.symbol().unwrap_or_default().to_owned(),
                    decimal_places: i64::from(display.decimals()),
                    enabled: true,
                    rate: Some("1".to_owned()),
                }
            },
            |c| CurrencyView {
                code: c.code.clone(),
                name: c.name.clone(),
                symbol: c.symbol.clone(),
                decimal_places: c.decimal_places,
                enabled: c.enabled,
                rate: c.rate.clone(),
            },
        );
    let shipping = rules::shipping_settings(shipping?.as_ref());
    let site = site?;
    let site_value = |key: &str| {
        site.iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let store = rules::store_details(store?.as_ref());
    let advanced = &advanced?.advanced;
    Ok(Json(PublicSettingsResponse {
        settings: PublicSettings {
            maintenance: MaintenanceView {
                enabled: advanced.maintenance,
                message: advanced.maintenance_message.clone(),
            },
            sign_up_open: advanced.sign_up_open,
            store: StoreDetailsView {
                name: store.store_name,
                contact_email: store.contact_email,
                contact_phone: store.contact_phone,
                address: store.address,
                support_hours: store.support_hours,
            },
            currency,
            shipping: ShippingView {
                free_shipping_threshold_cents: shipping.free_shipping_threshold_cents,
                default_shipping_rate_cents: shipping.default_shipping_rate_cents,
            },
            tax: TaxView {
                default_rate_percent: rules::tax_rate_percent(tax?.as_ref()),
            },
            site: SiteView {
                logo_url: site_value("site_logo_url"),
                logo_text: site_value("site_logo_text"),
            },
            branding: branding?.into(),
            tracking: tracking?.into(),
            currencies,
            countries: countries?
                .into_iter()
                .map(|c| CountryView {
                    code: c.code,
                    name: c.name,
                    enabled: c.enabled,
                })
                .collect(),
            delivery_provinces: bazaar_domain::settings::regions::Regions::read(regions?.as_ref())
                .names()
                .into_iter()
                .map(str::to_owned)
                .collect(),
        },
    }))
}
