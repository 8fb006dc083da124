//! Store settings with the fallbacks SPEC.md §9 gives when a setting is missing or broken.

use serde::Serialize;
use serde_json::Value;

pub mod advanced;
pub mod branding;
pub mod currencies;
pub mod email;
pub mod home;
pub mod regions;
pub mod seo;
pub mod tracking;

use crate::money::{AmountError, Cents, DEFAULT_CURRENCY};

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
            .filter(|d| advanced::REVIEW_DAYS.contains(d))
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

/// Default earn rate: 10 points per R100, i.e. 1% back at 10 points = R1.
pub const DEFAULT_POINTS_PER_100_RAND: i64 = 10;
/// What a points earn rate may be.
pub const POINTS_PER_100_RAND_RANGE: std::ops::RangeInclusive<i64> = 0..=10_000;
/// Points worth one rand when spent (SPEC.md §9: 10 points = 1 currency unit); fixed.
pub const POINTS_PER_RAND: i64 = 10;
/// Shipping amounts an admin may set: up to R1,000,000.
pub const MAX_SHIPPING_AMOUNT: Cents = Cents(100_000_000);

/// Points earned for every R100 paid for goods (`loyalty_settings.points_per_100_rand`),
/// 10 when missing or out of range.
pub fn points_per_100_rand(value: Option<&Value>) -> i64 {
    value
        .and_then(|v| v.get("points_per_100_rand"))
        .and_then(Value::as_i64)
        .filter(|n| POINTS_PER_100_RAND_RANGE.contains(n))
        .unwrap_or(DEFAULT_POINTS_PER_100_RAND)
}

/// The system setting holding the store's own details.
pub const STORE_DETAILS_KEY: &str = "store_details";

/// Who the store is and how customers reach it (`store_details`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoreDetails {
    pub store_name: String,
    pub contact_email: Option<String>,
    /// `+27` and nine digits.
    pub contact_phone: Option<String>,
    pub address: Option<String>,
    pub support_hours: Option<String>,
}

/// The store details with "bazaar" as the name when it is missing.
pub fn store_details(value: Option<&Value>) -> StoreDetails {
    let text = |name: &str| {
        value
            .and_then(|v| v.get(name))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    StoreDetails {
        store_name: text("store_name").unwrap_or_else(|| "bazaar".to_owned()),
        contact_email: text("contact_email"),
        contact_phone: text("contact_phone"),
        address: text("address"),
        support_hours: text("support_hours"),
    }
}

/// The general settings page as an admin sends it, before any checks. Amounts are in
/// rand as text ("450.00"), as every form in the site takes them.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct GeneralDraft {
    pub store_name: String,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub address: Option<String>,
    pub support_hours: Option<String>,
    pub free_shipping_threshold: String,
    pub standard_shipping_rate: String,
    pub vat_rate_percent: i64,
    pub points_per_100_rand: i64,
}

/// General settings whose every field passed its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneralSettings {
    pub store: StoreDetails,
    pub shipping: ShippingSettings,
    pub vat_rate_percent: i64,
    pub points_per_100_rand: i64,
}

pub const STORE_NAME_CHARS: (usize, usize) = (2, 60);
pub const ADDRESS_CHARS: (usize, usize) = (5, 300);
pub const SUPPORT_HOURS_CHARS: (usize, usize) = (3, 120);

impl GeneralDraft {
    /// Checks every field; all problems are reported at once.
    pub fn parse(&self) -> Result<GeneralSettings, crate::FieldErrors> {
        use crate::vendor::{keep_error, optional, parse_phone, text_within};
        let mut errors = crate::FieldErrors::new();
        let store_name = keep_error(
            &mut errors,
            "store_name",
            text_within(&self.store_name, STORE_NAME_CHARS, "Store name"),
        );
        let contact_email = optional(&self.contact_email).and_then(|raw| {
            let email = raw.to_lowercase();
            let checked = if crate::text::plausible_email(&email) {
                Ok(email)
            } else {
                Err("Enter an email address, like help@example.co.za".to_owned())
            };
            keep_error(&mut errors, "contact_email", checked)
        });
        let contact_phone = optional(&self.contact_phone)
            .and_then(|raw| keep_error(&mut errors, "contact_phone", parse_phone(raw)));
        let address = optional(&self.address).and_then(|raw| {
            keep_error(
                &mut errors,
                "address",
                text_within(raw, ADDRESS_CHARS, "Address"),
            )
        });
        let support_hours = optional(&self.support_hours).and_then(|raw| {
            keep_error(
                &mut errors,
                "support_hours",
                text_within(raw, SUPPORT_HOURS_CHARS, "Support hours"),
            )
        });
        let mut amount = |field: &str, raw: &str, what: &str| -> Option<Cents> {
            let checked = match raw.trim().parse::<Cents>() {
                Ok(c) if c.0 <= MAX_SHIPPING_AMOUNT.0 => Ok(c),
                Ok(_) | Err(AmountError::Negative | AmountError::TooLarge) => {
                    Err(format!("{what} must be from 0.00 to {MAX_SHIPPING_AMOUNT}"))
                }
                Err(_) => Err(format!("{what} must be an amount in rand, like 450.00")),
            };
            checked.map_err(|e| errors.insert(field.to_owned(), e)).ok()
        };
        let threshold = amount(
            "free_shipping_threshold",
            &self.free_shipping_threshold,
            "The free-shipping threshold",
        );
        let rate = amount(
            "standard_shipping_rate",
            &self.standard_shipping_rate,
            "The standard shipping rate",
        );
        if !(0..=100).contains(&self.vat_rate_percent) {
            errors.insert(
                "vat_rate_percent".to_owned(),
                "The VAT rate must be 0 to 100 percent".to_owned(),
            );
        }
        if !POINTS_PER_100_RAND_RANGE.contains(&self.points_per_100_rand) {
            errors.insert(
                "points_per_100_rand".to_owned(),
                "Points per R100 must be 0 to 10,000".to_owned(),
            );
        }
        match (store_name, threshold, rate) {
            (Some(store_name), Some(threshold), Some(rate)) if errors.is_empty() => {
                Ok(GeneralSettings {
                    store: StoreDetails {
                        store_name,
                        contact_email,
                        contact_phone,
                        address,
                        support_hours,
                    },
                    shipping: ShippingSettings {
                        free_shipping_threshold_cents: threshold.0,
                        default_shipping_rate_cents: rate.0,
                    },
                    vat_rate_percent: self.vat_rate_percent,
                    points_per_100_rand: self.points_per_100_rand,
                })
            }
            _ => Err(errors),
        }
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

    fn draft() -> GeneralDraft {
        GeneralDraft {
            store_name: " Mzansi Market ".into(),
            contact_email: Some("Help@Mzansi.co.za".into()),
            contact_phone: Some("082 555 1234".into()),
            address: Some("12 Long Street, Cape Town".into()),
            support_hours: None,
            free_shipping_threshold: "500".into(),
            standard_shipping_rate: "75.50".into(),
            vat_rate_percent: 15,
            points_per_100_rand: 20,
        }
    }

    #[test]
    fn general_settings_are_normalised() {
        let g = draft().parse().unwrap();
        assert_eq!(g.store.store_name, "Mzansi Market");
        assert_eq!(g.store.contact_email.as_deref(), Some("help@mzansi.co.za"));
        assert_eq!(g.store.contact_phone.as_deref(), Some("+27825551234"));
        assert_eq!(g.store.support_hours, None);
        assert_eq!(g.shipping.free_shipping_threshold_cents, 50_000);
        assert_eq!(g.shipping.default_shipping_rate_cents, 7_550);
        assert_eq!(g.points_per_100_rand, 20);
    }

    #[test]
    fn general_settings_report_every_bad_field() {
        let bad = GeneralDraft {
            store_name: "x".into(),
            contact_email: Some("not an email".into()),
            contact_phone: Some("12".into()),
            free_shipping_threshold: "-1".into(),
            standard_shipping_rate: "lots".into(),
            vat_rate_percent: 101,
            points_per_100_rand: -1,
            ..draft()
        };
        let errors = bad.parse().unwrap_err();
        let fields: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "contact_email",
                "contact_phone",
                "free_shipping_threshold",
                "points_per_100_rand",
                "standard_shipping_rate",
                "store_name",
                "vat_rate_percent"
            ]
        );
        assert_eq!(
            errors["free_shipping_threshold"],
            "The free-shipping threshold must be from 0.00 to 1000000.00"
        );
    }

    #[test]
    fn store_details_fall_back_to_the_name_bazaar() {
        assert_eq!(store_details(None).store_name, "bazaar");
        assert_eq!(
            points_per_100_rand(Some(&json!({"points_per_100_rand": 99_999}))),
            10
        );
    }
}
