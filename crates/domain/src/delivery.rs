//! Estimated delivery (SPEC.md §9): the vendor's standard minimum and maximum days with
//! floors of 3 and 7, plus one business day for handling.

use serde::Serialize;

pub const MIN_DAYS_FLOOR: i64 = 3;
pub const MAX_DAYS_FLOOR: i64 = 7;
pub const HANDLING_DAYS: i64 = 1;

/// The longest a delivery promise may be, in business days.
pub const MAX_DELIVERY_DAYS: i64 = 60;

/// A vendor's delivery promise: each bound 1 to 60 business days, the most at least the
/// fewest. The error names the field (`standard_delivery_min_days` or `…_max_days`).
pub fn check_days(min: Option<i64>, max: Option<i64>) -> Result<(), (&'static str, String)> {
    let days = |d: Option<i64>| d.is_none_or(|d| (1..=MAX_DELIVERY_DAYS).contains(&d));
    let range = || format!("Between 1 and {MAX_DELIVERY_DAYS} business days");
    if !days(min) {
        return Err(("standard_delivery_min_days", range()));
    }
    if !days(max) {
        return Err(("standard_delivery_max_days", range()));
    }
    match (min, max) {
        (Some(a), Some(b)) if a > b => Err((
            "standard_delivery_max_days",
            "At least the fewest days".to_owned(),
        )),
        _ => Ok(()),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DeliveryEstimate {
    pub min_business_days: i64,
    pub max_business_days: i64,
}

/// The estimate shown for a vendor's products. Missing settings take the floors; the
/// maximum is never below the minimum.
pub fn estimate(vendor_min_days: Option<i64>, vendor_max_days: Option<i64>) -> DeliveryEstimate {
    let min = vendor_min_days.unwrap_or(0).max(MIN_DAYS_FLOOR);
    let max = vendor_max_days.unwrap_or(0).max(MAX_DAYS_FLOOR).max(min);
    DeliveryEstimate {
        min_business_days: min + HANDLING_DAYS,
        max_business_days: max + HANDLING_DAYS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(min: i64, max: i64) -> DeliveryEstimate {
        DeliveryEstimate {
            min_business_days: min,
            max_business_days: max,
        }
    }

    #[test]
    fn floors_apply_then_one_business_day_is_added() {
        assert_eq!(estimate(Some(1), Some(4)), days(4, 8));
        assert_eq!(estimate(Some(5), Some(10)), days(6, 11));
        assert_eq!(estimate(None, None), days(4, 8));
        assert_eq!(estimate(Some(3), Some(7)), days(4, 8));
    }

    #[test]
    fn max_never_below_min() {
        assert_eq!(estimate(Some(12), Some(9)), days(13, 13));
    }
}
