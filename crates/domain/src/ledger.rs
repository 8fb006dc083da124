//! The books: a double-entry ledger of every money event, and the commission taken per
//! order line.
//!
//! A journal is a set of postings that add up to zero. A positive amount is money the
//! platform holds or spent (a debit: the payment gateway's balance, fees, the points it
//! funds); a negative one is money it owes or earned (a credit: a vendor's balance, refunds
//! due, commission). What a vendor is owed is therefore minus the sum of their postings.
//! Balances are always sums of postings, never a stored figure.
//!
//! A vendor's sale is first *pending*; N days after their part is delivered (the time to
//! return it) a release journal, dated then, moves it to *available*, from which payouts
//! are made.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

string_enum! {
    /// An account of the books.
    Account {
        /// Money held at the payment gateway (PayFast) and the bank: what buyers paid in,
        /// less refunds, fees and payouts.
        Gateway = "gateway",
        /// The points discount the platform funds (10 points = R1).
        PointsFunding = "points_funding",
        /// The platform's commission on vendors' sales.
        Commission = "commission",
        /// Sales of goods the platform sells itself (no vendor).
        PlatformSales = "platform_sales",
        /// The gateway's fees.
        PaymentFees = "payment_fees",
        /// Money owed back to buyers for cancelled parts.
        RefundsDue = "refunds_due",
        /// What a vendor has sold and not yet may be paid (until N days after delivery).
        VendorPending = "vendor_pending",
        /// What a vendor may be paid.
        VendorAvailable = "vendor_available",
        /// Payouts sent to the bank and not yet confirmed.
        PayoutsInTransit = "payouts_in_transit",
        /// Manual corrections by admins, with a reason.
        Adjustments = "adjustments",
    } expected "gateway, points_funding, commission, platform_sales, payment_fees, refunds_due, vendor_pending, vendor_available, payouts_in_transit or adjustments"
}

impl Account {
    /// Accounts held per vendor.
    pub fn is_vendors(self) -> bool {
        matches!(self, Account::VendorPending | Account::VendorAvailable)
    }
}

string_enum! {
    /// What a journal records.
    JournalKind {
        Sale = "sale",
        Fee = "fee",
        Cancellation = "cancellation",
        Release = "release",
        Refund = "refund",
        Payout = "payout",
        PayoutPaid = "payout_paid",
        PayoutFailed = "payout_failed",
        Adjustment = "adjustment",
        /// Goods refunded after payment (returned or a goodwill refund): the vendor gives
        /// back their share and the money is owed to the buyer.
        Return = "return",
    } expected "sale, fee, cancellation, release, refund, payout, payout_paid, payout_failed, adjustment or return"
}

/// One line of a journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub account: Account,
    /// Set exactly for the vendors' accounts.
    pub vendor_id: Option<Uuid>,
    pub amount_cents: i64,
}

impl Posting {
    fn to(account: Account, amount_cents: i64) -> Posting {
        Posting {
            account,
            vendor_id: None,
            amount_cents,
        }
    }

    fn vendor(account: Account, vendor_id: Uuid, amount_cents: i64) -> Posting {
        Posting {
            account,
            vendor_id: Some(vendor_id),
            amount_cents,
        }
    }
}

/// Whether postings balance (and vendor accounts, only they, name a vendor).
pub fn balanced(postings: &[Posting]) -> bool {
    postings
        .iter()
        .map(|p| i128::from(p.amount_cents))
        .sum::<i128>()
        == 0
        && postings
            .iter()
            .all(|p| p.account.is_vendors() == p.vendor_id.is_some())
}

/// `amount × bps / 10 000`, rounded half up (amounts are never negative here).
pub fn commission_of(amount_cents: i64, bps: i64) -> i64 {
    let n = i128::from(amount_cents.max(0)) * i128::from(bps.max(0));
    ((n + 5_000) / 10_000) as i64
}

/// The commission on each line of a vendor's part: on what the line sold for after its
/// share of the part's discount (in proportion to the line's value, the last line taking
/// the remainder), at `bps`.
pub fn line_commissions(line_totals: &[i64], part_discount_cents: i64, bps: i64) -> Vec<i64> {
    let subtotal: i64 = line_totals.iter().sum();
    let mut left = part_discount_cents.max(0).min(subtotal.max(0));
    let discount = left;
    line_totals
        .iter()
        .enumerate()
        .map(|(i, total)| {
            let share = if i + 1 == line_totals.len() || subtotal <= 0 {
                left
            } else {
                ((i128::from(discount) * i128::from(*total)) / i128::from(subtotal)) as i64
            };
            left -= share;
            commission_of(total - share, bps)
        })
        .collect()
}

/// A part as a sale journal needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartSale {
    /// None: goods the platform sells itself.
    pub vendor_id: Option<Uuid>,
    /// Goods less discount, plus delivery.
    pub weight_cents: i64,
    pub commission_cents: i64,
}

/// A paid order: the gateway received `paid_cents`, the platform funds the points
/// discount, each vendor is owed their part less commission (pending), and the platform
/// earns the commission.
pub fn sale(parts: &[PartSale], paid_cents: i64) -> Vec<Posting> {
    let weights: i64 = parts.iter().map(|p| p.weight_cents).sum();
    let mut postings = vec![Posting::to(Account::Gateway, paid_cents)];
    if weights != paid_cents {
        postings.push(Posting::to(Account::PointsFunding, weights - paid_cents));
    }
    let mut commission = 0;
    for p in parts {
        match p.vendor_id {
            Some(vendor) => {
                postings.push(Posting::vendor(
                    Account::VendorPending,
                    vendor,
                    -(p.weight_cents - p.commission_cents),
                ));
                commission += p.commission_cents;
            }
            None => postings.push(Posting::to(Account::PlatformSales, -p.weight_cents)),
        }
    }
    if commission != 0 {
        postings.push(Posting::to(Account::Commission, -commission));
    }
    postings
}

/// The gateway's fee on a payment.
pub fn fee(fee_cents: i64) -> Vec<Posting> {
    vec![
        Posting::to(Account::PaymentFees, fee_cents),
        Posting::to(Account::Gateway, -fee_cents),
    ]
}

/// A paid part cancelled: the vendor's sale and the commission are reversed, the money
/// share is owed back to the buyer and the rest (the points share) returns to the points
/// the platform funds.
pub fn cancellation(part: PartSale, refund_cents: i64) -> Vec<Posting> {
    let mut postings = match part.vendor_id {
        Some(vendor) => vec![
            Posting::vendor(
                Account::VendorPending,
                vendor,
                part.weight_cents - part.commission_cents,
            ),
            Posting::to(Account::Commission, part.commission_cents),
        ],
        None => vec![Posting::to(Account::PlatformSales, part.weight_cents)],
    };
    postings.push(Posting::to(Account::RefundsDue, -refund_cents));
    if part.weight_cents != refund_cents {
        postings.push(Posting::to(
            Account::PointsFunding,
            -(part.weight_cents - refund_cents),
        ));
    }
    postings.retain(|p| p.amount_cents != 0);
    postings
}

/// The commission that goes back with goods worth `value_cents` of a part worth
/// `weight_cents` that paid `commission_cents`: in proportion, rounded down (the vendor
/// never gives back more than they were credited).
pub fn commission_share(commission_cents: i64, value_cents: i64, weight_cents: i64) -> i64 {
    if weight_cents <= 0 {
        return 0;
    }
    let share = i128::from(commission_cents) * i128::from(value_cents) / i128::from(weight_cents);
    (share as i64).clamp(0, commission_cents.max(0))
}

/// Goods worth `value_cents` of a part refunded after payment: the vendor gives back the
/// value less its commission from their available balance (a refund may come after the
/// sale was released or paid out; a negative balance is netted by the next payout), the
/// commission returns, `money_cents` is owed back to the buyer and the rest (the points
/// share) returns to the points the platform funds.
pub fn goods_return(
    vendor_id: Option<Uuid>,
    value_cents: i64,
    commission_cents: i64,
    money_cents: i64,
) -> Vec<Posting> {
    let mut postings = match vendor_id {
        Some(vendor) => vec![
            Posting::vendor(
                Account::VendorAvailable,
                vendor,
                value_cents - commission_cents,
            ),
            Posting::to(Account::Commission, commission_cents),
        ],
        None => vec![Posting::to(Account::PlatformSales, value_cents)],
    };
    postings.push(Posting::to(Account::RefundsDue, -money_cents));
    postings.push(Posting::to(
        Account::PointsFunding,
        -(value_cents - money_cents),
    ));
    postings.retain(|p| p.amount_cents != 0);
    postings
}

/// A vendor's delivered sale becomes available to pay out.
pub fn release(vendor_id: Uuid, amount_cents: i64) -> Vec<Posting> {
    vec![
        Posting::vendor(Account::VendorPending, vendor_id, amount_cents),
        Posting::vendor(Account::VendorAvailable, vendor_id, -amount_cents),
    ]
}

/// Money owed back to a buyer was paid back.
pub fn refund(amount_cents: i64) -> Vec<Posting> {
    vec![
        Posting::to(Account::RefundsDue, amount_cents),
        Posting::to(Account::Gateway, -amount_cents),
    ]
}

/// A payout to a vendor is sent to the bank.
pub fn payout(vendor_id: Uuid, amount_cents: i64) -> Vec<Posting> {
    vec![
        Posting::vendor(Account::VendorAvailable, vendor_id, amount_cents),
        Posting::to(Account::PayoutsInTransit, -amount_cents),
    ]
}

/// The bank confirmed a payout: the money left.
pub fn payout_paid(amount_cents: i64) -> Vec<Posting> {
    vec![
        Posting::to(Account::PayoutsInTransit, amount_cents),
        Posting::to(Account::Gateway, -amount_cents),
    ]
}

/// A payout failed: the money is the vendor's to be paid again.
pub fn payout_failed(vendor_id: Uuid, amount_cents: i64) -> Vec<Posting> {
    vec![
        Posting::to(Account::PayoutsInTransit, amount_cents),
        Posting::vendor(Account::VendorAvailable, vendor_id, -amount_cents),
    ]
}

/// An admin credits (positive) or debits (negative) a vendor's available balance.
pub fn adjustment(vendor_id: Uuid, credit_cents: i64) -> Vec<Posting> {
    vec![
        Posting::vendor(Account::VendorAvailable, vendor_id, -credit_cents),
        Posting::to(Account::Adjustments, credit_cents),
    ]
}

/// Payout settings with their limits: days after delivery before a sale may be paid out,
/// and the smallest payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayoutSettings {
    pub hold_days: i64,
    pub minimum_cents: i64,
}

pub const DEFAULT_HOLD_DAYS: i64 = 7;
pub const DEFAULT_MINIMUM_PAYOUT_CENTS: i64 = 10_000;

impl PayoutSettings {
    /// From `system_settings.payout_settings` (`hold_days` 0–90, `minimum_payout_cents`
    /// 0–R1,000,000), each falling back to its default when missing or out of range.
    pub fn from_json(v: Option<&serde_json::Value>) -> PayoutSettings {
        let int = |key: &str| {
            v.and_then(|v| v.get(key))
                .and_then(serde_json::Value::as_i64)
        };
        PayoutSettings {
            hold_days: int("hold_days")
                .filter(|d| (0..=90).contains(d))
                .unwrap_or(DEFAULT_HOLD_DAYS),
            minimum_cents: int("minimum_payout_cents")
                .filter(|c| (0..=100_000_000).contains(c))
                .unwrap_or(DEFAULT_MINIMUM_PAYOUT_CENTS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    #[test]
    fn commission_is_per_line_after_its_discount_share() {
        assert_eq!(commission_of(10_000, 1_000), 1_000);
        assert_eq!(commission_of(1_005, 1_000), 101, "100.5 rounds up");
        assert_eq!(commission_of(1_004, 1_000), 100);
        // R300 and R100 with R40 off: R30 and R10 of discount.
        assert_eq!(
            line_commissions(&[30_000, 10_000], 4_000, 1_000),
            vec![2_700, 900]
        );
        assert_eq!(line_commissions(&[10_000], 0, 0), vec![0]);
        assert_eq!(line_commissions(&[], 100, 1_000), Vec::<i64>::new());
    }

    #[test]
    fn every_journal_balances() {
        let parts = [
            PartSale {
                vendor_id: Some(v(1)),
                weight_cents: 43_250,
                commission_cents: 4_000,
            },
            PartSale {
                vendor_id: Some(v(2)),
                weight_cents: 18_250,
                commission_cents: 1_500,
            },
            PartSale {
                vendor_id: None,
                weight_cents: 5_000,
                commission_cents: 0,
            },
        ];
        let paid = 66_500 - 2_000;
        let journals = [
            sale(&parts, paid),
            fee(1_595),
            cancellation(parts[1], 17_700),
            cancellation(parts[2], 4_850),
            release(v(1), 39_250),
            refund(17_700),
            payout(v(1), 39_250),
            payout_paid(39_250),
            payout_failed(v(1), 39_250),
            adjustment(v(2), -500),
        ];
        for j in &journals {
            assert!(balanced(j), "{j:?}");
        }
        let vendor_one: i64 = journals
            .iter()
            .flatten()
            .filter(|p| p.vendor_id == Some(v(1)))
            .map(|p| -p.amount_cents)
            .sum();
        assert_eq!(
            vendor_one, 39_250,
            "sale less commission, paid out, failed back"
        );
        assert!(!balanced(&[Posting::to(Account::VendorAvailable, 0)]));
    }

    #[test]
    fn payout_settings_fall_back_to_defaults() {
        let s = PayoutSettings::from_json(None);
        assert_eq!((s.hold_days, s.minimum_cents), (7, 10_000));
        let v = serde_json::json!({"hold_days": 14, "minimum_payout_cents": -1});
        let s = PayoutSettings::from_json(Some(&v));
        assert_eq!((s.hold_days, s.minimum_cents), (14, 10_000));
    }
}

/// South African time (UTC+2 all year): statements run by its calendar months.
pub fn sast() -> chrono::FixedOffset {
    chrono::FixedOffset::east_opt(2 * 3600).expect("a valid offset")
}

/// The start and end (exclusive) of a `YYYY-MM` month in South African time.
pub fn month_bounds(
    month: &str,
) -> Result<(chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>), String> {
    use chrono::{NaiveDate, TimeZone};
    let invalid = || format!("'{month}' is not a month: use YYYY-MM, e.g. 2026-11");
    let (y, m) = month.trim().split_once('-').ok_or_else(invalid)?;
    let (y, m): (i32, u32) = (
        y.parse().map_err(|_| invalid())?,
        m.parse().map_err(|_| invalid())?,
    );
    if !(2000..=2100).contains(&y) || y.to_string().len() != 4 {
        return Err(invalid());
    }
    let start = NaiveDate::from_ymd_opt(y, m, 1).ok_or_else(invalid)?;
    let end = if m == 12 {
        NaiveDate::from_ymd_opt(y + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(y, m + 1, 1)
    }
    .ok_or_else(invalid)?;
    let at = |d: NaiveDate| {
        sast()
            .from_local_datetime(&d.and_hms_opt(0, 0, 0).expect("midnight"))
            .single()
            .expect("a fixed offset has no gaps")
            .with_timezone(&chrono::Utc)
    };
    Ok((at(start), at(end)))
}

#[cfg(test)]
mod month_tests {
    use super::*;

    #[test]
    fn months_run_in_south_african_time() {
        let (start, end) = month_bounds("2026-11").unwrap();
        assert_eq!(start.to_rfc3339(), "2026-10-31T22:00:00+00:00");
        assert_eq!(end.to_rfc3339(), "2026-11-30T22:00:00+00:00");
        let (_, end) = month_bounds("2026-12").unwrap();
        assert_eq!(end.to_rfc3339(), "2026-12-31T22:00:00+00:00");
        for bad in ["2026-13", "2026", "26-11", "abcd-01", "2026-00", ""] {
            assert!(month_bounds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_goods_return_balances_and_gives_back_the_commission() {
        let vendor = Uuid::nil();
        let postings = goods_return(Some(vendor), 10_000, 1_000, 8_750);
        assert!(balanced(&postings));
        assert!(postings.contains(&Posting::vendor(Account::VendorAvailable, vendor, 9_000)));
        assert!(postings.contains(&Posting::to(Account::RefundsDue, -8_750)));
        assert!(postings.contains(&Posting::to(Account::PointsFunding, -1_250)));
        assert!(balanced(&goods_return(None, 5_000, 0, 5_000)));
        assert_eq!(commission_share(1_500, 10_000, 30_000), 500);
        assert_eq!(commission_share(1_000, 1, 3), 333);
        assert_eq!(commission_share(1_000, 5, 0), 0);
    }
}
