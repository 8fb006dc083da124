//! A coupon as its owner (a vendor, later an admin) writes it: the code customers type, a
//! percentage or a fixed amount, a minimum spend, a validity window and usage limits.
//! What a coupon takes off at checkout is `checkout::coupon_discount`.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::FieldErrors;
use crate::checkout::CouponKind;
use crate::money::Cents;

pub const CODE_CHARS: (usize, usize) = (3, 20);
pub const DESCRIPTION_CHARS: usize = 200;
/// The largest fixed amount off: R100 000.
pub const MAX_FIXED: Cents = Cents(10_000_000);

/// Coupon codes are matched without regard to case or surrounding spaces.
pub fn normalise_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// A code: 3 to 20 letters, digits or dashes, stored in capitals.
pub fn parse_code(raw: &str) -> Result<String, String> {
    let code = normalise_code(raw);
    let (min, max) = CODE_CHARS;
    if code.len() < min || code.len() > max {
        return Err(format!("Use {min} to {max} letters, digits or dashes"));
    }
    if !code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err("Use only letters, digits and dashes".into());
    }
    Ok(code)
}

/// A coupon as sent.
#[derive(Debug, Clone, Deserialize)]
pub struct CouponDraft {
    pub code: String,
    #[serde(default)]
    pub description: String,
    /// `percentage` or `fixed`.
    pub kind: String,
    /// Percent (1–100) or cents.
    pub value: i64,
    #[serde(default)]
    pub min_spend_cents: i64,
    #[serde(default)]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub expires_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub usage_limit: Option<i64>,
    #[serde(default)]
    pub per_customer_limit: Option<i64>,
    #[serde(default = "yes")]
    pub active: bool,
}

fn yes() -> bool {
    true
}

/// A checked coupon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponSpec {
    pub code: String,
    pub description: String,
    pub kind: CouponKind,
    pub min_spend: Cents,
    pub starts_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub active: bool,
}

impl CouponKind {
    /// The stored form: (`percentage` or `fixed`, percent or cents).
    pub fn stored(self) -> (&'static str, i64) {
        match self {
            CouponKind::Percentage(p) => ("percentage", p),
            CouponKind::Fixed(c) => ("fixed", c.0),
        }
    }

    /// From the stored form; anything but `percentage` is a fixed amount.
    pub fn from_stored(kind: &str, value: i64) -> Self {
        match kind {
            "percentage" => CouponKind::Percentage(value),
            _ => CouponKind::Fixed(Cents(value)),
        }
    }
}

impl CouponDraft {
    /// Every problem at once, by field.
    pub fn parse(&self) -> Result<CouponSpec, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = parse_code(&self.code)
            .map_err(|e| errors.insert("code".into(), e))
            .ok();
        let description = self.description.trim().to_owned();
        if description.chars().count() > DESCRIPTION_CHARS {
            errors.insert(
                "description".into(),
                format!("Use at most {DESCRIPTION_CHARS} characters"),
            );
        }
        let kind = match self.kind.trim() {
            "percentage" if (1..=100).contains(&self.value) => {
                Some(CouponKind::Percentage(self.value))
            }
            "percentage" => {
                errors.insert("value".into(), "A percentage is 1 to 100".into());
                None
            }
            "fixed" if (1..=MAX_FIXED.0).contains(&self.value) => {
                Some(CouponKind::Fixed(Cents(self.value)))
            }
            "fixed" => {
                errors.insert(
                    "value".into(),
                    format!("An amount off is between R0.01 and R{}", MAX_FIXED),
                );
                None
            }
            _ => {
                errors.insert("kind".into(), "Choose percentage or fixed".into());
                None
            }
        };
        if self.min_spend_cents < 0 || self.min_spend_cents > MAX_FIXED.0 {
            errors.insert(
                "min_spend_cents".into(),
                format!("A minimum spend is between R0.00 and R{}", MAX_FIXED),
            );
        }
        if let (Some(s), Some(e)) = (self.starts_at, self.expires_at)
            && e <= s
        {
            errors.insert("expires_at".into(), "The end comes after the start".into());
        }
        for (field, limit) in [
            ("usage_limit", self.usage_limit),
            ("per_customer_limit", self.per_customer_limit),
        ] {
            if limit.is_some_and(|n| n < 1) {
                errors.insert(field.into(), "A limit is at least 1".into());
            }
        }
        if let (Some(all), Some(each)) = (self.usage_limit, self.per_customer_limit)
            && each > all
            && all >= 1
        {
            errors.insert(
                "per_customer_limit".into(),
                "At most the overall limit".into(),
            );
        }
        match (code, kind) {
            (Some(code), Some(kind)) if errors.is_empty() => Ok(CouponSpec {
                code,
                description,
                kind,
                min_spend: Cents(self.min_spend_cents),
                starts_at: self.starts_at,
                expires_at: self.expires_at,
                usage_limit: self.usage_limit,
                per_customer_limit: self.per_customer_limit,
                active: self.active,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> CouponDraft {
        CouponDraft {
            code: " kasi-10 ".into(),
            description: "Ten off".into(),
            kind: "percentage".into(),
            value: 10,
            min_spend_cents: 0,
            starts_at: None,
            expires_at: None,
            usage_limit: Some(100),
            per_customer_limit: Some(1),
            active: true,
        }
    }

    #[test]
    fn a_good_coupon_is_normalised() {
        let c = draft().parse().unwrap();
        assert_eq!(c.code, "KASI-10");
        assert_eq!(c.kind, CouponKind::Percentage(10));
        assert_eq!(c.kind.stored(), ("percentage", 10));
    }

    #[test]
    fn every_bad_field_is_reported() {
        let now = Utc::now();
        let bad = CouponDraft {
            code: "a b".into(),
            value: 120,
            min_spend_cents: -5,
            starts_at: Some(now),
            expires_at: Some(now),
            usage_limit: Some(0),
            per_customer_limit: Some(0),
            ..draft()
        };
        let e = bad.parse().unwrap_err();
        let fields: Vec<_> = e.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "code",
                "expires_at",
                "min_spend_cents",
                "per_customer_limit",
                "usage_limit",
                "value"
            ]
        );
        assert_eq!(e["value"], "A percentage is 1 to 100");
        let e = CouponDraft {
            kind: "bogof".into(),
            ..draft()
        }
        .parse()
        .unwrap_err();
        assert_eq!(e["kind"], "Choose percentage or fixed");
        let e = CouponDraft {
            usage_limit: Some(1),
            per_customer_limit: Some(2),
            ..draft()
        }
        .parse()
        .unwrap_err();
        assert_eq!(e["per_customer_limit"], "At most the overall limit");
        assert_eq!(
            parse_code("AB").unwrap_err(),
            "Use 3 to 20 letters, digits or dashes"
        );
    }
}
