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
