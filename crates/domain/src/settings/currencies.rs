//! Display currencies (`/admin/currencies-settings`): which are offered, how they are written
//! (SPEC.md §9) and their rate against the rand, kept in millionths. The store currency
//! stays ZAR: PayFast takes payments in rand only.

use crate::FieldErrors;

/// The currency prices are kept and paid in.
pub const STORE_CURRENCY: &str = "ZAR";
pub const STORE_CURRENCY_FIXED: &str =
    "PayFast takes payments in rand only, so the store currency is ZAR";
/// A rate is at most this many units of the currency per rand.
pub const MAX_RATE_PPM: i64 = 1_000_000 * 1_000_000;
const PPM: i64 = 1_000_000;

/// A rate written as a decimal ("0.054321", "8.2") in millionths; `None` when it is not a
/// positive number of at most six decimals and at most 1,000,000.
pub fn parse_rate(raw: &str) -> Option<i64> {
    let raw = raw.trim();
    let (whole, frac) = raw.split_once('.').unwrap_or((raw, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 6
        || whole.len() > 7
    {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac: i64 = format!("{frac:0<6}").parse().ok()?;
    let ppm = whole.checked_mul(PPM)?.checked_add(frac)?;
    (ppm > 0 && ppm <= MAX_RATE_PPM).then_some(ppm)
}

/// Millionths as the shortest decimal: 54321 is "0.054321", 8200000 is "8.2".
pub fn format_rate(ppm: i64) -> String {
    let whole = ppm / PPM;
    let frac = ppm % PPM;
    if frac == 0 {
        whole.to_string()
    } else {
        let digits = format!("{frac:06}");
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// One currency as an admin sends it.
#[derive(Debug, Clone, Default)]
pub struct CurrencyDraft {
    pub code: String,
    pub symbol: String,
    pub decimal_places: i64,
    pub enabled: bool,
    pub rate: Option<String>,
}

/// One currency checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrencyChoice {
    pub code: String,
    pub symbol: String,
    pub decimal_places: i64,
    pub enabled: bool,
    pub rate_ppm: Option<i64>,
}

/// Checks the currencies page: the store currency must be ZAR and on, at rate 1; every
/// other currency that is on needs a rate. Problems under `currencies.<CODE>.<field>`.
pub fn check(
    store_currency: &str,
    drafts: &[CurrencyDraft],
) -> Result<Vec<CurrencyChoice>, FieldErrors> {
    let mut errors = FieldErrors::new();
    if !store_currency.trim().eq_ignore_ascii_case(STORE_CURRENCY) {
        errors.insert("store_currency".into(), STORE_CURRENCY_FIXED.into());
    }
    let mut out = Vec::with_capacity(drafts.len());
    for d in drafts {
        let code = d.code.trim().to_ascii_uppercase();
        let field = |name: &str| format!("currencies.{code}.{name}");
        let symbol = d.symbol.trim().to_owned();
        if symbol.is_empty() || symbol.chars().count() > 5 {
            errors.insert(field("symbol"), "The symbol is 1 to 5 characters".into());
        }
        if !(0..=3).contains(&d.decimal_places) {
            errors.insert(field("decimal_places"), "Use 0 to 3 decimals".into());
        }
        let home = code == STORE_CURRENCY;
        let raw = d.rate.as_deref().map(str::trim).filter(|r| !r.is_empty());
        let rate_ppm = if home {
            if !d.enabled {
                errors.insert(
                    field("enabled"),
                    "The store currency is always offered".into(),
                );
            }
            Some(PPM)
        } else {
            match raw.map(parse_rate) {
                None if d.enabled => {
                    errors.insert(
                        field("rate"),
                        format!("Enter how many {code} one rand buys"),
                    );
                    None
                }
                None => None,
                Some(None) => {
                    errors.insert(
                        field("rate"),
                        "Use a number above 0 and at most 1,000,000 with up to 6 decimals".into(),
                    );
                    None
                }
                Some(rate) => rate,
            }
        };
        out.push(CurrencyChoice {
            code,
            symbol,
            decimal_places: d.decimal_places,
            enabled: d.enabled,
            rate_ppm,
        });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_round_trip_in_millionths() {
        assert_eq!(parse_rate("0.054321"), Some(54_321));
        assert_eq!(parse_rate("8.2"), Some(8_200_000));
        assert_eq!(parse_rate(" 1 "), Some(1_000_000));
        assert_eq!(parse_rate(".5"), Some(500_000));
        for bad in ["", ".", "0", "-1", "1e3", "0.0000001", "1,5", "1000001"] {
            assert_eq!(parse_rate(bad), None, "{bad}");
        }
        assert_eq!(parse_rate("1000000"), Some(MAX_RATE_PPM));
        assert_eq!(format_rate(54_321), "0.054321");
        assert_eq!(format_rate(8_200_000), "8.2");
        assert_eq!(format_rate(1_000_000), "1");
    }

    #[test]
    fn the_store_currency_is_rand_and_others_need_rates() {
        let d = |code: &str, enabled: bool, rate: Option<&str>| CurrencyDraft {
            code: code.into(),
            symbol: "X".into(),
            decimal_places: 2,
            enabled,
            rate: rate.map(Into::into),
        };
        let ok = check(
            "zar",
            &[
                d("ZAR", true, None),
                d("usd", true, Some("0.054")),
                d("EUR", false, None),
            ],
        )
        .unwrap();
        assert_eq!(ok[0].rate_ppm, Some(1_000_000));
        assert_eq!(ok[1].code, "USD");
        assert_eq!(ok[1].rate_ppm, Some(54_000));
        assert_eq!(ok[2].rate_ppm, None);
        let errors = check(
            "USD",
            &[
                d("ZAR", false, None),
                d("USD", true, None),
                d("GBP", true, Some("x")),
            ],
        )
        .unwrap_err();
        assert_eq!(
            errors.keys().cloned().collect::<Vec<_>>(),
            [
                "currencies.GBP.rate",
                "currencies.USD.rate",
                "currencies.ZAR.enabled",
                "store_currency"
            ]
        );
    }
}
