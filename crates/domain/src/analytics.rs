//! Vendors' analytics: the periods a chart groups by, in South African calendar days.

use chrono::{Datelike, Duration, NaiveDate};

use crate::ledger::sast;

/// How a chart groups days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// The last 30 days.
    Day,
    /// The last 12 weeks, Monday to Sunday.
    Week,
    /// The last 12 calendar months.
    Month,
}

impl std::str::FromStr for Period {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "" | "day" => Ok(Period::Day),
            "week" => Ok(Period::Week),
            "month" => Ok(Period::Month),
            other => Err(format!("Unknown period '{other}': use day, week or month")),
        }
    }
}

/// The South African calendar day of an instant, as `YYYY-MM-DD`.
pub fn day_of(at: chrono::DateTime<chrono::Utc>) -> NaiveDate {
    at.with_timezone(&sast()).date_naive()
}

pub fn day_key(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The buckets of a chart ending with the one holding `today`, oldest first: each
/// `[start, end)`.
pub fn buckets(period: Period, today: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
    match period {
        Period::Day => (0..30)
            .rev()
            .map(|n| {
                let d = today - Duration::days(n);
                (d, d + Duration::days(1))
            })
            .collect(),
        Period::Week => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            (0..12)
                .rev()
                .map(|n| {
                    let start = monday - Duration::weeks(n);
                    (start, start + Duration::weeks(1))
                })
                .collect()
        }
        Period::Month => {
            let first = today.with_day(1).expect("day 1 exists");
            (0..12)
                .rev()
                .map(|n| {
                    let start = months_back(first, n);
                    (start, months_back(first, n - 1))
                })
                .collect()
        }
    }
}

fn months_back(first: NaiveDate, n: i32) -> NaiveDate {
    let index = first.year() * 12 + first.month0() as i32 - n;
    NaiveDate::from_ymd_opt(index.div_euclid(12), index.rem_euclid(12) as u32 + 1, 1)
        .expect("the first of a month exists")
}

/// Orders per hundred product views, to one decimal (none without views).
pub fn conversion_percent(orders: i64, views: i64) -> Option<f64> {
    (views > 0).then(|| (orders as f64 * 1000.0 / views as f64).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn buckets_end_with_today() {
        let today = d("2026-11-27"); // a Friday
        let days = buckets(Period::Day, today);
        assert_eq!(days.len(), 30);
        assert_eq!(days[29], (today, d("2026-11-28")));
        assert_eq!(days[0].0, d("2026-10-29"));
        let weeks = buckets(Period::Week, today);
        assert_eq!(weeks[11], (d("2026-11-23"), d("2026-11-30")));
        assert_eq!(weeks[0].0, d("2026-09-07"));
        let months = buckets(Period::Month, today);
        assert_eq!(months[11], (d("2026-11-01"), d("2026-12-01")));
        assert_eq!(months[0], (d("2025-12-01"), d("2026-01-01")));
    }

    #[test]
    fn days_are_south_african() {
        let late = chrono::DateTime::parse_from_rfc3339("2026-11-26T23:30:00Z")
            .unwrap()
            .with_timezone(&chrono::Utc);
        assert_eq!(day_key(day_of(late)), "2026-11-27");
        assert_eq!(conversion_percent(3, 40), Some(7.5));
        assert_eq!(conversion_percent(3, 0), None);
        assert!("year".parse::<Period>().is_err());
    }
}
