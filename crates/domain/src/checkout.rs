//! The rules of buying that need no database: South African addresses, shipping, VAT,
//! loyalty-point values and coupon discounts. Amounts are cents.

use serde::{Deserialize, Serialize};

use crate::money::Cents;
use crate::settings::ShippingSettings;

/// South Africa's nine provinces, with the codes the post office uses.
pub const PROVINCES: [(&str, &str); 9] = [
    ("EC", "Eastern Cape"),
    ("FS", "Free State"),
    ("GP", "Gauteng"),
    ("KZN", "KwaZulu-Natal"),
    ("LP", "Limpopo"),
    ("MP", "Mpumalanga"),
    ("NC", "Northern Cape"),
    ("NW", "North West"),
    ("WC", "Western Cape"),
];

/// 10 points are worth one rand, so one point is worth 10 cents (SPEC.md §9).
pub const CENTS_PER_POINT: i64 = 10;

pub const INSUFFICIENT_POINTS: &str = "Insufficient points balance";

/// A shipping address as the customer typed it.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, Eq)]
pub struct AddressInput {
    #[serde(default)]
    pub recipient: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub line1: String,
    #[serde(default)]
    pub line2: Option<String>,
    #[serde(default)]
    pub suburb: Option<String>,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub postal_code: String,
}

/// A checked address: trimmed, the province by its full name, the phone as `0XXXXXXXXX`.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Address {
    pub recipient: String,
    pub phone: String,
    pub line1: String,
    pub line2: Option<String>,
    pub suburb: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub country: String,
}

/// Field name → message for every problem found.
pub use crate::FieldErrors;

/// The province's full name, from its name or code in any case.
pub fn province(input: &str) -> Option<&'static str> {
    let wanted = input.trim();
    PROVINCES
        .iter()
        .find(|(code, name)| code.eq_ignore_ascii_case(wanted) || name.eq_ignore_ascii_case(wanted))
        .map(|(_, name)| *name)
}

/// South African postal codes are four digits, 0001 to 9999.
pub fn postal_code_valid(code: &str) -> bool {
    code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit()) && code != "0000"
}

/// A South African phone number (`0XX XXX XXXX`, `+27 XX XXX XXXX` or `27…`, with spaces
/// or dashes) as ten digits starting with 0.
pub fn phone(input: &str) -> Option<String> {
    let digits: String = input
        .trim()
        .trim_start_matches('+')
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
        .collect();
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let national = match digits.len() {
        10 if digits.starts_with('0') => digits,
        11 if digits.starts_with("27") => format!("0{}", &digits[2..]),
        _ => return None,
    };
    (national.as_bytes()[1] != b'0').then_some(national)
}

/// Checks an address; every problem is reported at once.
pub fn validate_address(input: &AddressInput) -> Result<Address, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut required = |field: &str, value: &str, max: usize, message: &str| {
        let v = value.trim();
        if v.is_empty() {
            errors.insert(field.into(), message.into());
        } else if v.chars().count() > max {
            errors.insert(field.into(), format!("Use at most {max} characters"));
        }
        v.to_owned()
    };
    let recipient = required(
        "recipient",
        &input.recipient,
        100,
        "Enter the recipient's name",
    );
    let line1 = required("line1", &input.line1, 200, "Enter the street address");
    let city = required("city", &input.city, 100, "Enter the city or town");
    let optional = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(200).collect::<String>())
    };
    let phone = phone(&input.phone);
    if phone.is_none() {
        errors.insert(
            "phone".into(),
            "Enter a South African phone number, e.g. 082 123 4567".into(),
        );
    }
    let province = province(&input.province);
    if province.is_none() {
        errors.insert("province".into(), "Choose a South African province".into());
    }
    let postal_code = input.postal_code.trim().to_owned();
    if !postal_code_valid(&postal_code) {
        errors.insert(
            "postal_code".into(),
            "Enter a 4-digit South African postal code".into(),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Address {
        recipient,
        phone: phone.unwrap_or_default(),
        line1,
        line2: optional(&input.line2),
        suburb: optional(&input.suburb),
        city,
        province: province.unwrap_or_default().to_owned(),
        postal_code,
        country: "ZA".into(),
    })
}

/// Shipping for an order: none without physical goods, free from the threshold (compared
/// with the goods after discounts), otherwise the standard rate.
pub fn shipping(has_physical: bool, goods_after_discount: Cents, s: &ShippingSettings) -> Cents {
    if !has_physical || goods_after_discount.0 >= s.free_shipping_threshold_cents {
        Cents::ZERO
    } else {
        Cents(s.default_shipping_rate_cents)
    }
}

/// The VAT included in a VAT-inclusive amount at `rate_percent`, rounded to the cent.
pub fn vat_included(amount: Cents, rate_percent: i64) -> Cents {
    if rate_percent <= 0 {
        return Cents::ZERO;
    }
    let (num, den) = (amount.0 * rate_percent, 100 + rate_percent);
    Cents((num + den / 2) / den)
}

/// The points a customer may spend on `amount`: the lesser of the balance and the points
/// value of the amount (SPEC.md §9).
pub fn usable_points(balance: i64, amount: Cents) -> i64 {
    balance.max(0).min(amount.0.max(0) / CENTS_PER_POINT)
}

/// Points to spend at checkout: refused above the balance, capped at what the amount is
/// worth in points.
pub fn points_to_spend(requested: i64, balance: i64, amount: Cents) -> Result<i64, &'static str> {
    if requested < 0 {
        return Err("Points to spend cannot be negative");
    }
    if requested > balance {
        return Err(INSUFFICIENT_POINTS);
    }
    Ok(requested.min(usable_points(balance, amount)))
}

/// Points earned on a payment: `per_100_rand` points for every R100 paid for goods,
/// rounded down.
pub fn points_earned(goods_paid: Cents, per_100_rand: i64) -> i64 {
    (goods_paid.0.max(0) * per_100_rand.max(0)) / 10_000
}

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponKind {
    /// A percentage, 1 to 100.
    Percentage(i64),
    /// A fixed amount.
    Fixed(Cents),
}

/// The discount of a coupon on the goods it applies to (never more than they cost), or
/// the message shown when the minimum spend is not met.
pub fn coupon_discount(
    kind: CouponKind,
    min_spend: Cents,
    eligible: Cents,
) -> Result<Cents, String> {
    if eligible.0 <= 0 {
        return Err("This coupon does not apply to the items in your cart".into());
    }
    if eligible.0 < min_spend.0 {
        return Err(format!(
            "This coupon needs a minimum spend of R{}.{:02}",
            min_spend.0 / 100,
            min_spend.0 % 100
        ));
    }
    let off = match kind {
        CouponKind::Percentage(p) => (eligible.0 * p.clamp(0, 100) + 50) / 100,
        CouponKind::Fixed(c) => c.0,
    };
    Ok(Cents(off.clamp(0, eligible.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address() -> AddressInput {
        AddressInput {
            recipient: " Thandi Nkosi ".into(),
            phone: "+27 82 123 4567".into(),
            line1: "12 Long Street".into(),
            line2: Some("  ".into()),
            suburb: Some("Gardens".into()),
            city: "Cape Town".into(),
            province: "wc".into(),
            postal_code: "8001".into(),
        }
    }

    #[test]
    fn a_good_address_is_normalised() {
        let a = validate_address(&address()).unwrap();
        assert_eq!(a.recipient, "Thandi Nkosi");
        assert_eq!(a.phone, "0821234567");
        assert_eq!(a.province, "Western Cape");
        assert_eq!(a.line2, None);
        assert_eq!(a.country, "ZA");
    }

    #[test]
    fn every_bad_field_is_reported() {
        let bad = AddressInput {
            phone: "12345".into(),
            province: "Texas".into(),
            postal_code: "800".into(),
            ..AddressInput::default()
        };
        let errors = validate_address(&bad).unwrap_err();
        let fields: Vec<_> = errors.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "city",
                "line1",
                "phone",
                "postal_code",
                "province",
                "recipient"
            ]
        );
        assert_eq!(errors["province"], "Choose a South African province");
    }

    #[test]
    fn provinces_postal_codes_and_phones() {
        assert_eq!(province("KwaZulu-Natal"), Some("KwaZulu-Natal"));
        assert_eq!(province("kzn"), Some("KwaZulu-Natal"));
        assert_eq!(province("gauteng "), Some("Gauteng"));
        assert_eq!(province("Natal"), None);
        assert!(postal_code_valid("0002"));
        assert!(!postal_code_valid("0000"));
        assert!(!postal_code_valid("80011"));
        assert!(!postal_code_valid("80a1"));
        assert_eq!(phone("011-555-0100").as_deref(), Some("0115550100"));
        assert_eq!(phone("27821234567").as_deref(), Some("0821234567"));
        assert_eq!(phone("0021234567"), None);
        assert_eq!(phone("082 123 456"), None);
    }

    #[test]
    fn shipping_is_free_from_the_threshold_and_never_for_digital_only() {
        let s = ShippingSettings {
            free_shipping_threshold_cents: 45_000,
            default_shipping_rate_cents: 6_500,
        };
        assert_eq!(shipping(true, Cents(44_999), &s), Cents(6_500));
        assert_eq!(shipping(true, Cents(45_000), &s), Cents::ZERO);
        assert_eq!(shipping(false, Cents(100), &s), Cents::ZERO);
    }

    #[test]
    fn vat_is_the_part_of_an_inclusive_price() {
        assert_eq!(vat_included(Cents(11_500), 15), Cents(1_500));
        assert_eq!(vat_included(Cents(129_900), 15), Cents(16_943));
        assert_eq!(vat_included(Cents(100), 0), Cents::ZERO);
    }

    #[test]
    fn points_rules() {
        assert_eq!(usable_points(500, Cents(2_000)), 200);
        assert_eq!(usable_points(150, Cents(2_000)), 150);
        assert_eq!(
            points_to_spend(200, 150, Cents(99_900)),
            Err(INSUFFICIENT_POINTS)
        );
        assert_eq!(points_to_spend(150, 150, Cents(1_000)), Ok(100));
        assert_eq!(points_earned(Cents(129_900), 10), 129);
        assert_eq!(points_earned(Cents(999), 10), 0);
    }

    #[test]
    fn coupons_take_a_share_or_an_amount_never_more_than_the_goods() {
        let pct = CouponKind::Percentage(10);
        assert_eq!(
            coupon_discount(pct, Cents::ZERO, Cents(129_900)),
            Ok(Cents(12_990))
        );
        let fixed = CouponKind::Fixed(Cents(5_000));
        assert_eq!(
            coupon_discount(fixed, Cents::ZERO, Cents(3_000)),
            Ok(Cents(3_000))
        );
        assert_eq!(
            coupon_discount(fixed, Cents(50_000), Cents(49_999)).unwrap_err(),
            "This coupon needs a minimum spend of R500.00"
        );
        assert!(coupon_discount(pct, Cents::ZERO, Cents::ZERO).is_err());
    }
}
