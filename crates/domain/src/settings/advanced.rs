//! Advanced settings: maintenance mode, whether sign-ups are open, how long an unpaid order
//! holds its stock, and the numbers of the sign-in and redemption rate limits.

use std::ops::RangeInclusive;

use serde::Serialize;
use serde_json::{Value, json};

use super::ProductReview;
use crate::FieldErrors;

/// The system setting holding maintenance mode, sign-ups and the rate limits.
pub const ADVANCED_KEY: &str = "advanced_settings";
/// The system setting holding how long an unpaid order holds its stock (with checkout's
/// other settings).
pub const CHECKOUT_KEY: &str = "checkout_settings";

/// How long an unpaid order keeps its stock when nothing is set.
pub const DEFAULT_RESERVATION_MINUTES: i64 = 60;
/// Five minutes to a week.
pub const RESERVATION_MINUTES: RangeInclusive<i64> = 5..=7 * 24 * 60;
pub const MAINTENANCE_MESSAGE_CHARS: (usize, usize) = (10, 500);
pub const DEFAULT_MAINTENANCE_MESSAGE: &str =
    "We are making some improvements and will be back shortly.";
/// Each limit counts attempts in a window of five minutes.
pub const RATE_LIMIT_RANGE: RangeInclusive<i64> = 1..=10_000;
/// The product review's "new store" period, in days.
pub const REVIEW_DAYS: RangeInclusive<i64> = 0..=3650;

/// Attempts allowed per address, email or user in each window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RateLimits {
    pub sign_in: u32,
    pub sign_up: u32,
    pub recover: u32,
    pub verify: u32,
    pub refresh: u32,
    pub mfa: u32,
    pub redeem: u32,
}

impl RateLimits {
    const FIELDS: [&'static str; 7] = [
        "sign_in", "sign_up", "recover", "verify", "refresh", "mfa", "redeem",
    ];

    fn values(&self) -> [u32; 7] {
        [
            self.sign_in,
            self.sign_up,
            self.recover,
            self.verify,
            self.refresh,
            self.mfa,
            self.redeem,
        ]
    }

    fn from_values(v: [u32; 7]) -> Self {
        Self {
            sign_in: v[0],
            sign_up: v[1],
            recover: v[2],
            verify: v[3],
            refresh: v[4],
            mfa: v[5],
            redeem: v[6],
        }
    }

    fn read(value: &Value) -> Option<Self> {
        let mut out = [0u32; 7];
        for (slot, field) in out.iter_mut().zip(Self::FIELDS) {
            let n = value.get(field)?.as_i64()?;
            *slot = u32::try_from(n)
                .ok()
                .filter(|_| RATE_LIMIT_RANGE.contains(&n))?;
        }
        Some(Self::from_values(out))
    }

    pub fn to_json(&self) -> Value {
        let map = Self::FIELDS
            .iter()
            .zip(self.values())
            .map(|(f, v)| ((*f).to_owned(), json!(v)))
            .collect::<serde_json::Map<_, _>>();
        Value::Object(map)
    }
}

/// What the `advanced_settings` value says, each part with its fallback.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Advanced {
    /// Customers and vendors see `maintenance_message` instead of the shop; admins pass.
    pub maintenance: bool,
    pub maintenance_message: String,
    pub sign_up_open: bool,
    /// `None`: the numbers the server was started with.
    pub rate_limits: Option<RateLimits>,
}

impl Default for Advanced {
    fn default() -> Self {
        Self {
            maintenance: false,
            maintenance_message: DEFAULT_MAINTENANCE_MESSAGE.to_owned(),
            sign_up_open: true,
            rate_limits: None,
        }
    }
}

/// Reads the `advanced_settings` value; a missing or broken part takes its fallback
/// (no maintenance, sign-ups open, the server's rate limits).
pub fn advanced(value: Option<&Value>) -> Advanced {
    let fallback = Advanced::default();
    let Some(v) = value else { return fallback };
    Advanced {
        maintenance: v
            .get("maintenance")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        maintenance_message: v
            .get("maintenance_message")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map_or(fallback.maintenance_message, str::to_owned),
        sign_up_open: v
            .get("sign_up_open")
            .and_then(Value::as_bool)
            .unwrap_or(true),
        rate_limits: v.get("rate_limits").and_then(RateLimits::read),
    }
}

impl Advanced {
    pub fn to_json(&self) -> Value {
        json!({
            "maintenance": self.maintenance,
            "maintenance_message": self.maintenance_message,
            "sign_up_open": self.sign_up_open,
            "rate_limits": self.rate_limits.map(|r| r.to_json()),
        })
    }
}

/// How long an unpaid order holds its stock, from the `checkout_settings` value.
pub fn reservation_minutes(value: Option<&Value>) -> i64 {
    value
        .and_then(|v| v.get("reservation_minutes"))
        .and_then(Value::as_i64)
        .filter(|n| RESERVATION_MINUTES.contains(n))
        .unwrap_or(DEFAULT_RESERVATION_MINUTES)
}

/// The advanced settings page as sent.
#[derive(Debug, Clone)]
pub struct AdvancedDraft {
    pub maintenance: bool,
    pub maintenance_message: String,
    pub sign_up_open: bool,
    pub product_review_new_vendors: bool,
    pub product_review_days: i64,
    pub reservation_minutes: i64,
    /// In [`RateLimits`]' field order: sign in, sign up, recover, verify, refresh, MFA,
    /// redeem.
    pub rate_limits: [i64; 7],
}

/// Advanced settings whose every field passed its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdvancedSettings {
    pub advanced: Advanced,
    pub product_review: ProductReview,
    pub reservation_minutes: i64,
}

impl AdvancedDraft {
    /// Checks every field; all problems are reported at once, each under its field's name
    /// (`rate_limits.sign_in` for a limit).
    pub fn parse(&self) -> Result<AdvancedSettings, FieldErrors> {
        let mut errors = FieldErrors::new();
        let message = self.maintenance_message.trim();
        let chars = message.chars().count();
        let (min, max) = MAINTENANCE_MESSAGE_CHARS;
        if !(min..=max).contains(&chars) {
            errors.insert(
                "maintenance_message".to_owned(),
                format!("The maintenance message must be {min} to {max} characters"),
            );
        }
        if !REVIEW_DAYS.contains(&self.product_review_days) {
            errors.insert(
                "product_review_days".to_owned(),
                "A store is new for 0 to 3,650 days".to_owned(),
            );
        }
        if !RESERVATION_MINUTES.contains(&self.reservation_minutes) {
            errors.insert(
                "reservation_minutes".to_owned(),
                "Unpaid orders hold stock for 5 to 10,080 minutes (a week)".to_owned(),
            );
        }
        let mut limits = [0u32; 7];
        for ((slot, raw), field) in limits
            .iter_mut()
            .zip(self.rate_limits)
            .zip(RateLimits::FIELDS)
        {
            match u32::try_from(raw) {
                Ok(n) if RATE_LIMIT_RANGE.contains(&raw) => *slot = n,
                _ => {
                    errors.insert(
                        format!("rate_limits.{field}"),
                        "A limit must be 1 to 10,000 attempts per 5 minutes".to_owned(),
                    );
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(AdvancedSettings {
            advanced: Advanced {
                maintenance: self.maintenance,
                maintenance_message: message.to_owned(),
                sign_up_open: self.sign_up_open,
                rate_limits: Some(RateLimits::from_values(limits)),
            },
            product_review: ProductReview {
                new_vendors: self.product_review_new_vendors,
                days: self.product_review_days,
            },
            reservation_minutes: self.reservation_minutes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> AdvancedDraft {
        AdvancedDraft {
            maintenance: true,
            maintenance_message: "  Back at 10:00 after a stock take.  ".to_owned(),
            sign_up_open: false,
            product_review_new_vendors: true,
            product_review_days: 30,
            reservation_minutes: 45,
            rate_limits: [30, 10, 5, 30, 120, 10, 20],
        }
    }

    #[test]
    fn a_good_draft_is_kept_trimmed_and_reads_back() {
        let s = draft().parse().unwrap();
        assert_eq!(
            s.advanced.maintenance_message,
            "Back at 10:00 after a stock take."
        );
        assert_eq!(s.advanced.rate_limits.unwrap().refresh, 120);
        assert_eq!(advanced(Some(&s.advanced.to_json())), s.advanced);
    }

    #[test]
    fn every_bad_field_is_named() {
        let mut d = draft();
        d.maintenance_message = "Soon".to_owned();
        d.product_review_days = 4000;
        d.reservation_minutes = 4;
        d.rate_limits[1] = 0;
        d.rate_limits[6] = 10_001;
        let errors = d.parse().unwrap_err();
        let mut fields: Vec<&str> = errors.keys().map(String::as_str).collect();
        fields.sort_unstable();
        assert_eq!(
            fields,
            vec![
                "maintenance_message",
                "product_review_days",
                "rate_limits.redeem",
                "rate_limits.sign_up",
                "reservation_minutes"
            ]
        );
    }

    #[test]
    fn missing_or_broken_values_take_their_fallbacks() {
        assert_eq!(advanced(None), Advanced::default());
        let broken = json!({"maintenance": "yes", "maintenance_message": " ", "sign_up_open": 1,
            "rate_limits": {"sign_in": 0}});
        assert_eq!(advanced(Some(&broken)), Advanced::default());
        assert_eq!(reservation_minutes(None), 60);
        assert_eq!(
            reservation_minutes(Some(&json!({"reservation_minutes": 2}))),
            60
        );
        assert_eq!(
            reservation_minutes(Some(&json!({"reservation_minutes": 90}))),
            90
        );
    }
}
