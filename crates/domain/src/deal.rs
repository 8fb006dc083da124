//! Daily deals: a vendor proposes one of their products for one date at a deal price; an
//! admin approves or rejects; on that date (South African time) the deal price is what
//! customers pay, and the deal ends by itself at midnight.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Duration, FixedOffset, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::money::Cents;

/// South African Standard Time, UTC+2 all year.
pub fn sast() -> FixedOffset {
    FixedOffset::east_opt(2 * 3600).expect("a valid offset")
}

/// The date in South Africa at `now`: the date deals run on.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&sast()).date_naive()
}

/// How far ahead a deal may be proposed.
pub const MAX_DAYS_AHEAD: i64 = 90;
pub const NOTE_MAX: usize = 500;

string_enum! {
    /// Where a proposed deal stands.
    DealStatus {
        Proposed = "proposed",
        Approved = "approved",
        Rejected = "rejected",
        Withdrawn = "withdrawn",
    } expected "proposed, approved, rejected, withdrawn"
}

/// What can be done to a deal: an admin approves or rejects, the vendor withdraws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealAction {
    Approve,
    Reject,
    Withdraw,
}

impl DealAction {
    /// The status `from` moves to, or `None` when the action does not apply. An approved
    /// deal can still be rejected or withdrawn before its date.
    pub fn moves(self, from: DealStatus) -> Option<DealStatus> {
        use DealStatus::*;
        match (self, from) {
            (DealAction::Approve, Proposed) => Some(Approved),
            (DealAction::Reject, Proposed | Approved) => Some(Rejected),
            (DealAction::Withdraw, Proposed | Approved) => Some(Withdrawn),
            _ => None,
        }
    }

    pub fn refusal(self, from: DealStatus) -> String {
        format!("A {from} deal cannot be {}", self.past())
    }

    fn past(self) -> &'static str {
        match self {
            DealAction::Approve => "approved",
            DealAction::Reject => "rejected",
            DealAction::Withdraw => "withdrawn",
        }
    }
}

/// What the proposal is checked against: the product as it is now.
#[derive(Debug, Clone, Copy)]
pub struct DealProduct {
    /// The lowest price a customer pays today.
    pub current_price: Cents,
    pub has_variations: bool,
}

/// A proposal's problem, by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealError {
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Checks a proposal for `date` at `price` made at `now`: from tomorrow to 90 days
/// ahead, for a product without variations, below what customers pay now.
pub fn check_proposal(
    date: NaiveDate,
    price: Cents,
    product: DealProduct,
    now: DateTime<Utc>,
) -> Result<(), DealError> {
    if date <= today(now) {
        return Err(DealError {
            field: "deal_date",
            message: "Propose a date from tomorrow".into(),
        });
    }
    check_schedule(date, price, product, now)
}

/// Checks a deal an admin schedules: as [`check_proposal`], but today may be chosen (the
/// deal starts at once).
pub fn check_schedule(
    date: NaiveDate,
    price: Cents,
    product: DealProduct,
    now: DateTime<Utc>,
) -> Result<(), DealError> {
    let fail = |field, message: String| Err(DealError { field, message });
    let today = today(now);
    if date < today {
        return fail("deal_date", "Choose a date from today".into());
    }
    if date > today + Duration::days(MAX_DAYS_AHEAD) {
        return fail(
            "deal_date",
            format!("Propose a date within {MAX_DAYS_AHEAD} days"),
        );
    }
    if product.has_variations {
        return fail(
            "product_id",
            "Daily deals are for products without variations".into(),
        );
    }
    if price.0 <= 0 || price >= product.current_price {
        return fail(
            "deal_price_cents",
            format!(
                "The deal price must be below today's price of R{}",
                product.current_price
            ),
        );
    }
    Ok(())
}

/// A date as `YYYY-MM-DD`.
pub fn parse_date(raw: &str) -> Result<NaiveDate, String> {
    NaiveDate::from_str(raw.trim()).map_err(|_| "Use a date like 2026-12-01".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn product() -> DealProduct {
        DealProduct {
            current_price: Cents(49_900),
            has_variations: false,
        }
    }

    #[test]
    fn the_date_is_south_african() {
        // 23:30 UTC is already the next day in Johannesburg.
        assert_eq!(
            today(at("2026-11-26T23:30:00Z")),
            NaiveDate::from_ymd_opt(2026, 11, 27).unwrap()
        );
        assert_eq!(
            today(at("2026-11-26T21:59:59Z")),
            NaiveDate::from_ymd_opt(2026, 11, 26).unwrap()
        );
    }

    #[test]
    fn proposals_are_checked() {
        let now = at("2026-11-26T10:00:00Z");
        let d = |s: &str| parse_date(s).unwrap();
        assert!(check_proposal(d("2026-11-27"), Cents(39_900), product(), now).is_ok());
        let e = check_proposal(d("2026-11-26"), Cents(39_900), product(), now).unwrap_err();
        assert_eq!(
            (e.field, e.message.as_str()),
            ("deal_date", "Propose a date from tomorrow")
        );
        let e = check_proposal(d("2027-03-01"), Cents(39_900), product(), now).unwrap_err();
        assert_eq!(e.message, "Propose a date within 90 days");
        let e = check_proposal(d("2026-12-01"), Cents(49_900), product(), now).unwrap_err();
        assert_eq!(
            e.message,
            "The deal price must be below today's price of R499.00"
        );
        let varied = DealProduct {
            has_variations: true,
            ..product()
        };
        let e = check_proposal(d("2026-12-01"), Cents(100), varied, now).unwrap_err();
        assert_eq!(e.field, "product_id");
        assert_eq!(
            parse_date("1 Dec").unwrap_err(),
            "Use a date like 2026-12-01"
        );
    }

    #[test]
    fn deals_move_by_their_actions() {
        use DealStatus::*;
        assert_eq!(DealAction::Approve.moves(Proposed), Some(Approved));
        assert_eq!(DealAction::Approve.moves(Rejected), None);
        assert_eq!(DealAction::Reject.moves(Approved), Some(Rejected));
        assert_eq!(DealAction::Withdraw.moves(Withdrawn), None);
        assert_eq!(
            DealAction::Approve.refusal(Withdrawn),
            "A withdrawn deal cannot be approved"
        );
    }
}
