//! Rand amounts: PayFast speaks decimal strings ("1299.00"), bazaar speaks integer cents.
//!
//! Money never goes through floating point here, so an ITN's `amount_gross` can be compared
//! with the order total exactly.

/// Parses a PayFast amount into cents: `"1299.00"` → `129900`, `"5"` → `500`, `"5.5"` → `550`.
///
/// Accepts only ASCII digits with an optional `.` followed by one or two digits. Signs,
/// spaces, thousands separators, exponents, a bare `.` and values that overflow `i64` are
/// rejected, so a tampered or garbled amount never becomes a number.
pub fn amount_to_cents(s: &str) -> Option<i64> {
    let (rands, fraction) = match s.split_once('.') {
        Some((rands, fraction)) => (rands, Some(fraction)),
        None => (s, None),
    };
    let rands = digits_value(rands)?;
    let cents = match fraction {
        None => 0,
        Some(f) if (1..=2).contains(&f.len()) => {
            let value = digits_value(f)?;
            if f.len() == 1 { value * 10 } else { value }
        }
        Some(_) => return None,
    };
    rands.checked_mul(100)?.checked_add(cents)
}

/// Formats cents the way PayFast wants amounts: `129900` → `"1299.00"`, `-4547` → `"-45.47"`.
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Formats cents for people: `129900` → `"R 1,299.00"`, with thousands separators.
pub fn format_rand(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}R {}.{:02}", group_thousands(abs / 100), abs % 100)
}

/// The value of a non-empty run of ASCII digits, or `None` for anything else or on overflow.
fn digits_value(s: &str) -> Option<i64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.bytes().try_fold(0i64, |acc, b| {
        acc.checked_mul(10)?.checked_add(i64::from(b - b'0'))
    })
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

    #[test]
    fn parses_valid_amounts() {
        assert_eq!(amount_to_cents("1299.00"), Some(129_900));
        assert_eq!(amount_to_cents("1299"), Some(129_900));
        assert_eq!(amount_to_cents("5.5"), Some(550));
        assert_eq!(amount_to_cents("0.01"), Some(1));
        assert_eq!(amount_to_cents("0"), Some(0));
        assert_eq!(amount_to_cents("007.10"), Some(710));
    }

    #[test]
    fn rejects_everything_else() {
        for bad in [
            "",
            ".",
            ".5",
            "5.",
            "5.123",
            "-1.00",
            "+1.00",
            " 1.00",
            "1.00 ",
            "1,299.00",
            "1e3",
            "1.0.0",
            "R10",
            "١٢",
            "99999999999999999999",
            "92233720368547758.08",
        ] {
            assert_eq!(amount_to_cents(bad), None, "{bad:?} must be rejected");
        }
        assert_eq!(
            amount_to_cents("92233720368547758.07"),
            Some(i64::MAX),
            "the largest amount that fits"
        );
    }

    #[test]
    fn formats_cents() {
        assert_eq!(format_cents(129_900), "1299.00");
        assert_eq!(format_cents(5), "0.05");
        assert_eq!(format_cents(0), "0.00");
        assert_eq!(format_cents(-4_547), "-45.47");
        assert_eq!(format_cents(i64::MIN), "-92233720368547758.08");
    }

    #[test]
    fn formats_rand() {
        assert_eq!(format_rand(129_900), "R 1,299.00");
        assert_eq!(format_rand(99), "R 0.99");
        assert_eq!(format_rand(100_000), "R 1,000.00");
        assert_eq!(format_rand(12_345_678_900), "R 123,456,789.00");
        assert_eq!(format_rand(99_900), "R 999.00");
    }
}
