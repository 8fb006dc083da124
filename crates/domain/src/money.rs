//! Money as an integer number of cents, and how it is shown to people.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The store currency when none is configured (SPEC.md §9).
pub const DEFAULT_CURRENCY: &str = "ZAR";

/// What the storefront shows where a price is missing.
pub const PRICE_VARIES: &str = "Price varies";

/// An amount in the smallest unit of its currency (cents for ZAR). Never a float.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct Cents(pub i64);

impl Cents {
    pub const ZERO: Cents = Cents(0);

    pub fn get(self) -> i64 {
        self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("must be an amount like 499.00")]
    NotAnAmount,
    #[error("must not be negative")]
    Negative,
    #[error("must have at most 2 decimals")]
    TooManyDecimals,
    #[error("is too large")]
    TooLarge,
}

impl FromStr for Cents {
    type Err = AmountError;

    /// Parses a decimal amount of whole currency units ("499", "499.9", "499.99") exactly,
    /// without going through a float.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.starts_with('-') {
            return Err(AmountError::Negative);
        }
        let (whole, frac) = match s.split_once('.') {
            Some((w, f)) => (w, f),
            None => (s, ""),
        };
        if whole.is_empty() && frac.is_empty() {
            return Err(AmountError::NotAnAmount);
        }
        let digits = |p: &str| p.chars().all(|c| c.is_ascii_digit());
        if !digits(whole) || !digits(frac) || (s.contains('.') && frac.is_empty()) {
            return Err(AmountError::NotAnAmount);
        }
        if frac.len() > 2 {
            return Err(AmountError::TooManyDecimals);
        }
        let whole: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| AmountError::TooLarge)?
        };
        let frac: i64 = format!("{frac:0<2}")
            .parse()
            .map_err(|_| AmountError::NotAnAmount)?;
        whole
            .checked_mul(100)
            .and_then(|c| c.checked_add(frac))
            .map(Cents)
            .ok_or(AmountError::TooLarge)
    }
}

impl fmt::Display for Cents {
    /// Plain decimal form with two places ("499.00"), as PayFast and importers expect.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// How a currency is displayed: from the `currencies` table, with built-in fallbacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurrencyDisplay {
    pub code: String,
    pub symbol: Option<String>,
    pub decimal_places: Option<u32>,
}

impl CurrencyDisplay {
    pub fn new(code: &str) -> Self {
        Self {
            code: code.to_ascii_uppercase(),
            symbol: None,
            decimal_places: None,
        }
    }

    /// The symbol SPEC.md §9 names for the well-known currencies, else the configured one.
    pub fn symbol(&self) -> Option<&str> {
        match self.code.as_str() {
            "ZAR" => Some("R"),
            "USD" => Some("$"),
            "EUR" => Some("€"),
            "GBP" => Some("£"),
            "JPY" => Some("¥"),
            _ => self.symbol.as_deref().filter(|s| !s.trim().is_empty()),
        }
    }

    /// JPY never shows decimals; otherwise the configured places, default 2.
    pub fn decimals(&self) -> u32 {
        if self.code == "JPY" {
            0
        } else {
            self.decimal_places.unwrap_or(2).min(4)
        }
    }
}

/// Formats an amount for people: symbol then the grouped amount ("R1,299.00", "¥1,299"),
/// or the code and a space when the currency has no symbol ("CHF 12.50").
///
/// The amount is in the smallest unit as stored: cents for two-decimal currencies; for a
/// zero-decimal currency the stored integer is whole units.
pub fn format(amount: Option<Cents>, currency: &CurrencyDisplay) -> String {
    let Some(Cents(value)) = amount else {
        return PRICE_VARIES.to_owned();
    };
    let decimals = currency.decimals();
    let scale = 10_i64.pow(decimals);
    let negative = value < 0;
    let abs = value.unsigned_abs();
    let whole = abs / scale as u64;
    let frac = abs % scale as u64;
    let mut number = group_thousands(whole);
    if decimals > 0 {
        number.push('.');
        number.push_str(&format!("{frac:0width$}", width = decimals as usize));
    }
    let sign = if negative { "-" } else { "" };
    match currency.symbol() {
        Some(symbol) => format!("{sign}{symbol}{number}"),
        None => format!("{sign}{} {number}", currency.code),
    }
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zar() -> CurrencyDisplay {
        CurrencyDisplay::new("ZAR")
    }

    #[test]
    fn formats_rand_with_symbol_grouping_and_two_decimals() {
        assert_eq!(format(Some(Cents(49900)), &zar()), "R499.00");
        assert_eq!(format(Some(Cents(129900)), &zar()), "R1,299.00");
        assert_eq!(format(Some(Cents(50)), &zar()), "R0.50");
        assert_eq!(format(Some(Cents(0)), &zar()), "R0.00");
        assert_eq!(format(Some(Cents(123456789)), &zar()), "R1,234,567.89");
    }

    #[test]
    fn known_symbols() {
        for (code, expected) in [("USD", "$10.00"), ("EUR", "€10.00"), ("GBP", "£10.00")] {
            assert_eq!(
                format(Some(Cents(1000)), &CurrencyDisplay::new(code)),
                expected
            );
        }
    }

    #[test]
    fn yen_has_no_decimals_even_if_configured() {
        let jpy = CurrencyDisplay {
            decimal_places: Some(2),
            ..CurrencyDisplay::new("JPY")
        };
        assert_eq!(format(Some(Cents(1299)), &jpy), "¥1,299");
    }

    #[test]
    fn unknown_currency_uses_configured_symbol_or_code() {
        let chf = CurrencyDisplay::new("CHF");
        assert_eq!(format(Some(Cents(1250)), &chf), "CHF 12.50");
        let with_symbol = CurrencyDisplay {
            symbol: Some("Fr.".into()),
            ..CurrencyDisplay::new("CHF")
        };
        assert_eq!(format(Some(Cents(1250)), &with_symbol), "Fr.12.50");
        let blank_symbol = CurrencyDisplay {
            symbol: Some(" ".into()),
            ..CurrencyDisplay::new("CHF")
        };
        assert_eq!(format(Some(Cents(1250)), &blank_symbol), "CHF 12.50");
    }

    #[test]
    fn decimals_come_from_decimal_places_default_two() {
        let three = CurrencyDisplay {
            decimal_places: Some(3),
            ..CurrencyDisplay::new("KWD")
        };
        assert_eq!(format(Some(Cents(12345)), &three), "KWD 12.345");
        let zero = CurrencyDisplay {
            decimal_places: Some(0),
            ..CurrencyDisplay::new("ISK")
        };
        assert_eq!(format(Some(Cents(1500)), &zero), "ISK 1,500");
    }

    #[test]
    fn missing_price_shows_price_varies() {
        assert_eq!(format(None, &zar()), "Price varies");
    }

    #[test]
    fn parses_amounts_exactly() {
        assert_eq!("499".parse::<Cents>(), Ok(Cents(49900)));
        assert_eq!("499.9".parse::<Cents>(), Ok(Cents(49990)));
        assert_eq!("499.99".parse::<Cents>(), Ok(Cents(49999)));
        assert_eq!(" 0.05 ".parse::<Cents>(), Ok(Cents(5)));
        assert_eq!(".5".parse::<Cents>(), Ok(Cents(50)));
        assert_eq!("1.999".parse::<Cents>(), Err(AmountError::TooManyDecimals));
        assert_eq!("-1".parse::<Cents>(), Err(AmountError::Negative));
        assert_eq!("abc".parse::<Cents>(), Err(AmountError::NotAnAmount));
        assert_eq!("".parse::<Cents>(), Err(AmountError::NotAnAmount));
        assert_eq!("1.".parse::<Cents>(), Err(AmountError::NotAnAmount));
        assert_eq!("1e3".parse::<Cents>(), Err(AmountError::NotAnAmount));
        assert_eq!(
            "99999999999999999999".parse::<Cents>(),
            Err(AmountError::TooLarge)
        );
    }

    #[test]
    fn displays_plain_decimal() {
        assert_eq!(Cents(49900).to_string(), "499.00");
        assert_eq!(Cents(5).to_string(), "0.05");
    }
}
