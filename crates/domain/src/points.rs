//! Batches of single-use points codes as admins make them: checked input, and how a code
//! is spelled (10 characters from an alphabet without look-alikes, so a code read aloud or
//! copied from paper is typed right).

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

use crate::FieldErrors;

/// Letters and digits a person cannot confuse: no 0/O, no 1/I.
pub const CODE_ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// Characters in a batch's code (points codes are at most 12, SPEC.md §9).
pub const CODE_LEN: usize = 10;
/// The most codes one batch makes.
pub const MAX_BATCH: i64 = 10_000;
/// The most points one code gives.
pub const MAX_POINTS: i64 = 100_000;

/// A code from [`CODE_LEN`] random bytes (each picks one of 32 characters, so every
/// character is equally likely).
pub fn code_from(random: [u8; CODE_LEN]) -> String {
    random
        .iter()
        .map(|b| CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()] as char)
        .collect()
}

/// A batch as an admin asks for it.
#[derive(Debug, Clone, Default)]
pub struct BatchDraft {
    pub name: String,
    pub points: i64,
    pub count: i64,
    /// The last day the codes work, `YYYY-MM-DD` (South African time).
    pub expires_on: String,
}

/// A checked batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchSpec {
    pub name: String,
    pub points: i64,
    pub count: i64,
    /// The end of the last day, 23:59:59 in Johannesburg (UTC+2).
    pub expires_at: DateTime<Utc>,
}

impl BatchDraft {
    /// Checks every field; `today` is the current day in South Africa.
    pub fn parse(&self, today: NaiveDate) -> Result<BatchSpec, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = self.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > 80 {
            errors.insert(
                "name".into(),
                "Give the batch a name of up to 80 characters".into(),
            );
        }
        if !(1..=MAX_POINTS).contains(&self.points) {
            errors.insert(
                "points".into(),
                format!("Each code gives 1 to {MAX_POINTS} points"),
            );
        }
        if !(1..=MAX_BATCH).contains(&self.count) {
            errors.insert(
                "count".into(),
                format!("A batch has 1 to {MAX_BATCH} codes"),
            );
        }
        let last = NaiveDate::parse_from_str(self.expires_on.trim(), "%Y-%m-%d").ok();
        let latest = today + Duration::days(5 * 366);
        match last {
            None => {
                errors.insert(
                    "expires_on".into(),
                    "Enter the last day the codes work (YYYY-MM-DD)".into(),
                );
            }
            Some(day) if day < today || day > latest => {
                errors.insert(
                    "expires_on".into(),
                    "The last day is from today to five years from now".into(),
                );
            }
            Some(_) => {}
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let day = last.expect("checked above");
        let end = day.and_time(NaiveTime::from_hms_opt(21, 59, 59).expect("a valid time"));
        Ok(BatchSpec {
            name,
            points: self.points,
            count: self.count,
            expires_at: Utc.from_utc_datetime(&end),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap()
    }

    #[test]
    fn a_code_has_ten_unambiguous_characters() {
        let code = code_from([0, 31, 32, 255, 7, 8, 9, 10, 11, 12]);
        assert_eq!(code, "A9A9HJKLMN");
        for b in 0..=255u8 {
            let c = code_from([b; CODE_LEN]);
            assert!(!c.contains(['0', 'O', '1', 'I']), "{c}");
        }
    }

    #[test]
    fn a_batch_is_checked_field_by_field() {
        let spec = BatchDraft {
            name: " Heritage Day flyers ".into(),
            points: 250,
            count: 500,
            expires_on: "2026-12-31".into(),
        }
        .parse(today())
        .unwrap();
        assert_eq!(spec.name, "Heritage Day flyers");
        assert_eq!(spec.expires_at.to_rfc3339(), "2026-12-31T21:59:59+00:00");

        let e = BatchDraft {
            name: "".into(),
            points: 0,
            count: 10_001,
            expires_on: "2026-11-27".into(),
        }
        .parse(today())
        .unwrap_err();
        assert_eq!(e.len(), 4, "{e:?}");
        assert_eq!(
            e["expires_on"],
            "The last day is from today to five years from now"
        );
        let e = BatchDraft {
            expires_on: "31/12/2026".into(),
            ..Default::default()
        }
        .parse(today())
        .unwrap_err();
        assert_eq!(
            e["expires_on"],
            "Enter the last day the codes work (YYYY-MM-DD)"
        );
    }
}
