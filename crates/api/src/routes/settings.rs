//! Public store settings: currency, shipping, tax, branding, currencies and countries.

use axum::Json;
use axum::extract::State;
use bazaar_db::settings;
use bazaar_domain::settings as rules;
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
    /// Ordered by name.
    pub currencies: Vec<CurrencyView>,
    /// Ordered by name.
    pub countries: Vec<CountryView>,
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
    let (currency_code, advanced, store, shipping, tax, site, currencies, countries) = tokio::join!(
        store_currency(&state),
        state.rules.get(db),
        settings::system(db, rules::STORE_DETAILS_KEY),
        settings::system(db, "shipping_settings"),
        settings::system(db, "tax_settings"),
        settings::site(db, &["site_logo_url", "site_logo_text"]),
        settings::currencies(db),
        settings::countries(db),
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
                }
            },
            |c| CurrencyView {
                code: c.code.clone(),
                name: c.name.clone(),
                symbol: c.symbol.clone(),
                decimal_places: c.decimal_places,
                enabled: c.enabled,
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
    let advanced = advanced?;
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
            currencies,
            countries: countries?
                .into_iter()
                .map(|c| CountryView {
                    code: c.code,
                    name: c.name,
                    enabled: c.enabled,
                })
                .collect(),
        },
    }))
}
