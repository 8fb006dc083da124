//! Rules of the admin area: the roles a user can hold, the reasons admins give, points
//! adjustments, the last-admin rule and the filters of the admin lists.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::vendor::text_within;

string_enum! {
    /// What a user may do on the platform.
    Role {
        Customer = "customer",
        Vendor = "vendor",
        Admin = "admin",
    } expected "customer, vendor or admin"
}

/// Why an admin did something: 3 to 500 characters, kept in the audit log and shown to the
/// person it concerns where it is theirs (a suspended user, a rejected product's vendor).
pub fn parse_reason(raw: &str) -> Result<String, String> {
    text_within(raw, (3, 500), "The reason")
}

/// The most points one adjustment may add or take.
pub const MAX_POINTS_ADJUSTMENT: i64 = 1_000_000;

/// A points adjustment: not zero, within [`MAX_POINTS_ADJUSTMENT`] either way.
pub fn parse_points_adjustment(points: i64) -> Result<i64, String> {
    if points == 0 {
        return Err("An adjustment adds or takes at least 1 point".into());
    }
    if points.abs() > MAX_POINTS_ADJUSTMENT {
        return Err(format!(
            "An adjustment is at most {MAX_POINTS_ADJUSTMENT} points either way"
        ));
    }
    Ok(points)
}

/// Whether a change leaves the platform without an admin who can act: demoting or
/// suspending an active admin when `active_admins` (not suspended) counts only them.
pub fn leaves_no_admin(
    target_is_active_admin: bool,
    stays_admin: bool,
    active_admins: i64,
) -> bool {
    target_is_active_admin && !stays_admin && active_admins <= 1
}

/// What a suspended user is told when they try to sign in.
pub const SUSPENDED_MESSAGE: &str =
    "This account is suspended. Contact support if you think this is a mistake.";

string_enum! {
    /// The admin product list's stock filter.
    StockFilter {
        /// At or under the product's low-stock threshold, not out.
        Low = "low",
        /// None left to sell.
        Out = "out",
    } expected "low or out"
}

string_enum! {
    /// What an admin does to many products at once from the product list.
    BulkProductAction {
        /// Puts products waiting for review on sale.
        Approve = "approve",
        /// Sends products waiting for review back to draft, with the reason.
        Reject = "reject",
        Feature = "feature",
        Unfeature = "unfeature",
    } expected "approve, reject, feature or unfeature"
}

/// The most rows one bulk action takes.
pub const MAX_BULK_ROWS: usize = 100;

/// The rows of a bulk action: 1 to [`MAX_BULK_ROWS`] distinct ids, in the order given.
pub fn parse_bulk_ids(ids: &[uuid::Uuid]) -> Result<Vec<uuid::Uuid>, String> {
    let mut seen = std::collections::HashSet::new();
    let distinct: Vec<uuid::Uuid> = ids.iter().copied().filter(|id| seen.insert(*id)).collect();
    if distinct.is_empty() || distinct.len() > MAX_BULK_ROWS {
        return Err(format!("Choose 1 to {MAX_BULK_ROWS} rows"));
    }
    Ok(distinct)
}

/// The refund a caller asked for, before it meets the order: which lines and how many
/// of each, or a value alone (a goodwill refund), whether the goods go back on the
/// shelf, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundAsk {
    pub lines: Vec<(uuid::Uuid, i64)>,
    pub value_cents: Option<i64>,
    pub restock: bool,
    pub reason: String,
}

impl RefundAsk {
    pub fn parse(
        lines: Vec<(uuid::Uuid, i64)>,
        value_cents: Option<i64>,
        restock: bool,
        reason: &str,
    ) -> Result<Self, (&'static str, String)> {
        let reason = parse_reason(reason).map_err(|e| ("reason", e))?;
        if lines.is_empty() && value_cents.is_none() {
            return Err((
                "lines",
                "Choose the lines to refund or give an amount".into(),
            ));
        }
        if let Some((_, q)) = lines.iter().find(|(_, q)| *q <= 0) {
            return Err((
                "lines",
                format!("A refunded quantity is at least 1, not {q}"),
            ));
        }
        let mut seen = std::collections::HashSet::new();
        if !lines.iter().all(|(id, _)| seen.insert(*id)) {
            return Err(("lines", "Each line appears once".into()));
        }
        if let Some(v) = value_cents
            && v <= 0
        {
            return Err(("value_cents", "A refund is more than R0.00".into()));
        }
        if restock && lines.is_empty() {
            return Err((
                "restock",
                "Only refunded lines can go back on the shelf".into(),
            ));
        }
        Ok(Self {
            lines,
            value_cents,
            restock,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_parse_exactly() {
        assert_eq!("admin".parse::<Role>(), Ok(Role::Admin));
        assert_eq!(" Vendor ".parse::<Role>(), Ok(Role::Vendor));
        assert!("root".parse::<Role>().is_err());
    }

    #[test]
    fn bulk_rows_are_distinct_and_bounded() {
        let a = uuid::Uuid::from_u128(1);
        let b = uuid::Uuid::from_u128(2);
        assert_eq!(parse_bulk_ids(&[a, b, a]), Ok(vec![a, b]));
        assert!(parse_bulk_ids(&[]).is_err());
        let many: Vec<uuid::Uuid> = (0..=100).map(uuid::Uuid::from_u128).collect();
        assert!(parse_bulk_ids(&many).is_err());
        assert!(parse_bulk_ids(&many[..100]).is_ok());
        assert_eq!("feature".parse(), Ok(BulkProductAction::Feature));
        assert!("delete".parse::<BulkProductAction>().is_err());
    }

    #[test]
    fn the_last_active_admin_stays() {
        assert!(leaves_no_admin(true, false, 1));
        assert!(!leaves_no_admin(true, false, 2));
        assert!(!leaves_no_admin(true, true, 1), "an admin staying admin");
        assert!(!leaves_no_admin(false, false, 1), "not an active admin");
    }

    #[test]
    fn adjustments_and_reasons() {
        assert!(parse_points_adjustment(0).is_err());
        assert!(parse_points_adjustment(-1_000_001).is_err());
        assert_eq!(parse_points_adjustment(-50), Ok(-50));
        assert!(parse_reason("ok").is_err());
        assert_eq!(parse_reason("  goodwill  ").as_deref(), Ok("goodwill"));
    }

    #[test]
    fn refund_asks() {
        let id = uuid::Uuid::nil();
        assert!(RefundAsk::parse(vec![], None, false, "returned").is_err());
        assert!(RefundAsk::parse(vec![(id, 0)], None, true, "returned").is_err());
        assert!(RefundAsk::parse(vec![(id, 1), (id, 1)], None, true, "returned").is_err());
        assert!(RefundAsk::parse(vec![], Some(100), true, "goodwill").is_err());
        assert!(RefundAsk::parse(vec![], Some(0), false, "goodwill").is_err());
        assert!(RefundAsk::parse(vec![(id, 2)], None, true, "x").is_err());
        let ok = RefundAsk::parse(vec![(id, 2)], Some(500), true, "Returned unworn").unwrap();
        assert_eq!(ok.lines, vec![(id, 2)]);
    }
}
