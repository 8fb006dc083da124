//! Buying and selling in bazaar: checkout, the moves of an order with the jobs each one
//! causes, PayFast payments, and vendor applications, agreements and store standing. Everything here runs in the caller's transaction, so a state change
//! and its jobs (notifications, search updates) commit together or not at all.

pub mod admin;
pub mod admin_tools;
pub mod analytics;
pub mod books;
pub mod catalogue;
pub mod chat;
pub mod checkout;
pub mod email_templates;
pub mod flow;
pub mod help;
pub mod imports;
pub mod inventory;
pub mod mail_settings;
pub mod payfast;
pub mod payment_settings;
pub mod points_batches;
pub mod refunds;
pub mod secrets;
pub mod selling;
pub mod site_settings;
pub mod store_settings;
pub mod structure;
pub mod support;
pub mod terms;

use bazaar_db::{Db, DbResult, settings};
use bazaar_domain::settings as rules;
use chrono::Duration;

/// Store settings checkout and payments read, from `system_settings` with SPEC.md's
/// fallbacks.
#[derive(Debug, Clone)]
pub struct Settings {
    pub currency: String,
    pub shipping: rules::ShippingSettings,
    pub vat_rate_percent: i64,
    /// Points earned for every R100 paid for goods (`loyalty_settings.points_per_100_rand`).
    pub points_per_100_rand: i64,
    /// How long an unpaid order holds its stock.
    pub reservation: Duration,
    /// The provinces delivered to.
    pub regions: rules::regions::Regions,
}

/// Default time an unpaid order keeps its stock.
pub use bazaar_domain::settings::advanced::DEFAULT_RESERVATION_MINUTES;

impl Settings {
    pub async fn load(db: &Db) -> DbResult<Settings> {
        let currency = settings::system(db, "default_currency").await?;
        let shipping = settings::system(db, "shipping_settings").await?;
        let tax = settings::system(db, "tax_settings").await?;
        let loyalty = settings::system(db, "loyalty_settings").await?;
        let checkout = settings::system(db, rules::advanced::CHECKOUT_KEY).await?;
        let regions = settings::system(db, rules::regions::REGIONS_KEY).await?;
        Ok(Settings {
            currency: rules::default_currency(currency.as_ref()),
            shipping: rules::shipping_settings(shipping.as_ref()),
            vat_rate_percent: rules::tax_rate_percent(tax.as_ref()),
            points_per_100_rand: rules::points_per_100_rand(loyalty.as_ref()),
            reservation: Duration::minutes(rules::advanced::reservation_minutes(checkout.as_ref())),
            regions: rules::regions::Regions::read(regions.as_ref()),
        })
    }
}
