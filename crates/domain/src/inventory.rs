//! Inventory: why stock moved, when a level is low, and the levels a vendor may set.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::product::MAX_STOCK;

string_enum!(
    /// Why a stock level changed.
    MovementReason {
        Sale = "sale",
        Cancellation = "cancellation",
        Manual = "manual",
        Import = "import",
        /// Refunded goods the buyer sent back, put back on the shelf.
        Return = "return",
    } expected "sale, cancellation, manual, import, return"
);

/// The threshold a product starts with.
pub const DEFAULT_LOW_STOCK_THRESHOLD: i64 = 5;
pub const MAX_LOW_STOCK_THRESHOLD: i64 = 100_000;

/// A stock level is low at or below its threshold.
pub fn is_low(stock: i64, threshold: i64) -> bool {
    stock <= threshold
}

/// A stock level as a vendor types it: a whole number from 0 to a billion.
pub fn parse_level(raw: &str) -> Result<i64, String> {
    match raw.trim().parse::<i64>() {
        Ok(n) if (0..=MAX_STOCK).contains(&n) => Ok(n),
        Ok(_) => Err(format!("must be between 0 and {MAX_STOCK}")),
        Err(_) => Err("must be a whole number".to_owned()),
    }
}

/// A low-stock threshold: 0 to 100000.
pub fn check_threshold(n: i64) -> Result<i64, String> {
    if (0..=MAX_LOW_STOCK_THRESHOLD).contains(&n) {
        Ok(n)
    } else {
        Err(format!("must be between 0 and {MAX_LOW_STOCK_THRESHOLD}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_whole_numbers_within_range() {
        assert_eq!(parse_level(" 12 "), Ok(12));
        assert_eq!(parse_level("0"), Ok(0));
        assert_eq!(
            parse_level("-1"),
            Err("must be between 0 and 1000000000".into())
        );
        assert_eq!(parse_level("1.5"), Err("must be a whole number".into()));
        assert_eq!(
            check_threshold(100_001),
            Err("must be between 0 and 100000".into())
        );
        assert!(is_low(5, 5) && !is_low(6, 5));
    }
}
