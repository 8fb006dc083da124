//! Store settings with the fallbacks SPEC.md §9 gives when a setting is missing or broken.

use serde::Serialize;
use serde_json::Value;

use crate::money::{Cents, DEFAULT_CURRENCY};

/// Fallback free-shipping threshold: 50 currency units.
pub const FALLBACK_FREE_SHIPPING_THRESHOLD: Cents = Cents(5000);
/// Fallback standard shipping rate: 9.99 currency units.
pub const FALLBACK_SHIPPING_RATE: Cents = Cents(999);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShippingSettings {
    pub free_shipping_threshold_cents: i64,
    pub default_shipping_rate_cents: i64,
}

/// Reads the `shipping_settings` value (amounts in currency units, e.g. `{"free_shipping_threshold": 450,
/// "default_shipping_rate": 65}`); each missing or unreadable field takes its fallback.
pub fn shipping_settings(value: Option<&Value>) -> ShippingSettings {
    let field = |name: &str, fallback: Cents| {
        value
            .and_then(|v| v.get(name))
            .and_then(amount_from_json)
            .unwrap_or(fallback)
            .0
    };
    ShippingSettings {
        free_shipping_threshold_cents: field(
            "free_shipping_threshold",
            FALLBACK_FREE_SHIPPING_THRESHOLD,
        ),
        default_shipping_rate_cents: field("default_shipping_rate", FALLBACK_SHIPPING_RATE),
    }
}

/// Whether new vendors' products wait for an admin before going on sale: the
/// `product_review` setting, e.g. `{"new_vendors": true, "days": 30}`. Off when missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ProductReview {
    pub new_vendors: bool,
    /// A store is new for this many days after it opened.
    pub days: i64,
}

pub const PRODUCT_REVIEW_KEY: &str = "product_review";

pub fn product_review(value: Option<&Value>) -> ProductReview {
    ProductReview {
        new_vendors: value
            .and_then(|v| v.get("new_vendors"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        days: value
            .and_then(|v| v.get("days"))
            .and_then(Value::as_i64)
            .filter(|d| (0..=3650).contains(d))
            .unwrap_or(30),
    }
}

impl ProductReview {
    /// A product asked to go on sale waits for review when the platform reviews new
    /// stores, this store opened less than `days` ago, and the product was never on sale.
    pub fn holds(
        &self,
        store_opened: chrono::DateTime<chrono::Utc>,
        now: chrono::DateTime<chrono::Utc>,
        published_before: bool,
    ) -> bool {
        self.new_vendors
            && !published_before
            && now.signed_duration_since(store_opened) < chrono::Duration::days(self.days)
    }
}

/// The `default_currency` setting, falling back to ZAR.
pub fn default_currency(value: Option<&Value>) -> String {
    value
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|c| c.len() == 3 && c.chars().all(|ch| ch.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase)
        .unwrap_or_else(|| DEFAULT_CURRENCY.to_owned())
}

/// The VAT rate in percent from `tax_settings.default_rate`; South Africa's 15 when missing.
pub fn tax_rate_percent(value: Option<&Value>) -> i64 {
    value
        .and_then(|v| v.get("default_rate"))
        .and_then(Value::as_f64)
        .filter(|r| (0.0..=100.0).contains(r))
        .map(|r| r.round() as i64)
        .unwrap_or(15)
}

/// An amount in currency units given as a JSON number or string, read exactly.
pub fn amount_from_json(value: &Value) -> Option<Cents> {
    match value {
        Value::Number(n) => n.to_string().parse().ok(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn product_review_holds_only_new_stores_first_publication() {
        use chrono::{Duration, TimeZone, Utc};
        let now = Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap();
        assert_eq!(
            product_review(None),
            ProductReview {
                new_vendors: false,
                days: 30
            }
        );
        let on = product_review(Some(&serde_json::json!({"new_vendors": true, "days": 14})));
        assert!(on.holds(now - Duration::days(13), now, false));
        assert!(
            !on.holds(now - Duration::days(14), now, false),
            "no longer new"
        );
        assert!(!on.holds(now, now, true), "was on sale before");
        assert!(!product_review(None).holds(now, now, false));
        let broken = product_review(Some(&serde_json::json!({"new_vendors": "yes", "days": -1})));
        assert_eq!((broken.new_vendors, broken.days), (false, 30));
    }

    #[test]
    fn shipping_fallbacks_are_50_and_9_99() {
        let s = shipping_settings(None);
        assert_eq!(s.free_shipping_threshold_cents, 5000);
        assert_eq!(s.default_shipping_rate_cents, 999);
        let broken = json!({"free_shipping_threshold": "lots", "default_shipping_rate": null});
        assert_eq!(shipping_settings(Some(&broken)), s);
    }

    #[test]
    fn shipping_settings_read_units_exactly() {
        let v = json!({"free_shipping_threshold": 450, "default_shipping_rate": 65.5});
        let s = shipping_settings(Some(&v));
        assert_eq!(s.free_shipping_threshold_cents, 45000);
        assert_eq!(s.default_shipping_rate_cents, 6550);
    }

    #[test]
    fn default_currency_falls_back_to_zar() {
        assert_eq!(default_currency(None), "ZAR");
        assert_eq!(default_currency(Some(&json!(""))), "ZAR");
        assert_eq!(default_currency(Some(&json!(42))), "ZAR");
        assert_eq!(default_currency(Some(&json!("usd"))), "USD");
    }

    #[test]
    fn tax_rate_defaults_to_15() {
        assert_eq!(tax_rate_percent(None), 15);
        assert_eq!(tax_rate_percent(Some(&json!({"default_rate": 14}))), 14);
        assert_eq!(tax_rate_percent(Some(&json!({"default_rate": 400}))), 15);
    }
}
