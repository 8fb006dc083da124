//! Where an order stands, and how it moves.
//!
//! An order holds one part per vendor. Each part moves on its own (the vendor ships what
//! they sold); the order's status follows its parts ([`order_status`]). Every move of a
//! part goes through [`plan`], which says whether the actor may make it and what it does.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum! {
    /// The status of an order, and of each vendor's part of it.
    OrderStatus {
        PendingPayment = "pending_payment",
        Paid = "paid",
        Processing = "processing",
        Shipped = "shipped",
        Delivered = "delivered",
        Cancelled = "cancelled",
    } expected "pending_payment, paid, processing, shipped, delivered, cancelled"
}

impl OrderStatus {
    /// Paid for and not cancelled: the buyer owns what they bought (digital goods can be
    /// downloaded, purchase limits count it).
    pub fn is_owned(self) -> bool {
        matches!(
            self,
            OrderStatus::Paid
                | OrderStatus::Processing
                | OrderStatus::Shipped
                | OrderStatus::Delivered
        )
    }

    /// Paid and not yet on its way: a vendor still has to ship it.
    pub fn is_to_ship(self) -> bool {
        matches!(self, OrderStatus::Paid | OrderStatus::Processing)
    }

    /// The notification type (SPEC.md: order_confirmed blue, processing yellow, shipped
    /// orange, delivered green, cancelled red) a move to this status sends.
    pub fn notification(self) -> Option<&'static str> {
        match self {
            OrderStatus::PendingPayment => None,
            OrderStatus::Paid => Some("order_confirmed"),
            OrderStatus::Processing => Some("processing"),
            OrderStatus::Shipped => Some("shipped"),
            OrderStatus::Delivered => Some("delivered"),
            OrderStatus::Cancelled => Some("cancelled"),
        }
    }
}

/// Who asks for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The buyer: may cancel before anything ships.
    Customer,
    /// The store that sold the part.
    Vendor,
    Admin,
    /// An accepted payment notification.
    Payment,
    /// The schedule: unpaid orders whose reservation ran out.
    Housekeeping,
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Actor::Customer => "the customer",
            Actor::Vendor => "the vendor",
            Actor::Admin => "an admin",
            Actor::Payment => "a payment",
            Actor::Housekeeping => "housekeeping",
        })
    }
}

/// What a move does besides changing the status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effects {
    /// The part's stock goes back on sale.
    pub return_stock: bool,
    /// The part's share of the money paid is owed back to the buyer, and of the points
    /// earned on the order taken back.
    pub refund_paid_share: bool,
    /// The part's share of the points spent on the order goes back to the buyer.
    pub return_spent_points: bool,
    /// The buyer is told (a notification of this type).
    pub notify: Option<&'static str>,
    /// The vendor is credited the part's sale less commission (the ledger).
    pub credit_vendor: bool,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub from: OrderStatus,
    pub to: OrderStatus,
    pub by: Actor,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == self.to {
            write!(
                f,
                "This order is {} already",
                self.from.as_str().replace('_', " ")
            )
        } else if may(self.from, self.to).is_empty() {
            write!(
                f,
                "An order that is {} cannot become {}",
                self.from.as_str().replace('_', " "),
                self.to.as_str().replace('_', " ")
            )
        } else {
            write!(
                f,
                "{} cannot move an order that is {} to {}",
                capitalised(&self.by.to_string()),
                self.from.as_str().replace('_', " "),
                self.to.as_str().replace('_', " ")
            )
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// The actors who may move a part from `from` to `to` (none: the move does not exist).
/// Parts move one step at a time: paid → processing → shipped → delivered; cancelling is
/// possible until the part ships.
pub fn may(from: OrderStatus, to: OrderStatus) -> &'static [Actor] {
    use Actor::*;
    use OrderStatus::*;
    match (from, to) {
        (PendingPayment, Paid) => &[Payment],
        (PendingPayment, Cancelled) => &[Customer, Admin, Housekeeping],
        (Paid, Processing) | (Processing, Shipped) | (Shipped, Delivered) => &[Vendor, Admin],
        (Paid | Processing, Cancelled) => &[Customer, Vendor, Admin],
        _ => &[],
    }
}

/// Whether `by` may move a part from `from` to `to`, and what the move does.
pub fn plan(from: OrderStatus, to: OrderStatus, by: Actor) -> Result<Effects, Refused> {
    if !may(from, to).contains(&by) {
        return Err(Refused { from, to, by });
    }
    let cancelling = to == OrderStatus::Cancelled;
    let was_paid = from.is_owned();
    Ok(Effects {
        return_stock: cancelling,
        refund_paid_share: cancelling && was_paid,
        return_spent_points: cancelling,
        notify: to.notification(),
        credit_vendor: to == OrderStatus::Paid,
    })
}

/// An order's status from its parts' (in any order): cancelled when every part is;
/// otherwise that of the parts still going, the least advanced deciding (one part shipped
/// and another being prepared is processing; all shipped is shipped; all delivered is
/// delivered).
pub fn order_status(parts: &[OrderStatus]) -> OrderStatus {
    use OrderStatus::*;
    let live: Vec<OrderStatus> = parts.iter().copied().filter(|s| *s != Cancelled).collect();
    if live.is_empty() {
        return Cancelled;
    }
    if live.contains(&PendingPayment) {
        return PendingPayment;
    }
    if live.iter().all(|s| *s == Delivered) {
        return Delivered;
    }
    if live.iter().all(|s| matches!(s, Shipped | Delivered)) {
        return Shipped;
    }
    if live
        .iter()
        .any(|s| matches!(s, Processing | Shipped | Delivered))
    {
        return Processing;
    }
    Paid
}

/// Whether the buyer may cancel the whole order: nothing of it has shipped.
pub fn customer_may_cancel(parts: &[OrderStatus]) -> bool {
    let live: Vec<_> = parts
        .iter()
        .filter(|s| **s != OrderStatus::Cancelled)
        .collect();
    !live.is_empty()
        && live.iter().all(|s| {
            matches!(
                s,
                OrderStatus::PendingPayment | OrderStatus::Paid | OrderStatus::Processing
            )
        })
}

/// Amounts of an order that a cancelled part takes a share of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Amounts {
    /// Money paid (the order total).
    pub money_cents: i64,
    pub points_spent: i64,
    pub points_earned: i64,
}

impl std::ops::Sub for Amounts {
    type Output = Amounts;
    fn sub(self, o: Amounts) -> Amounts {
        Amounts {
            money_cents: self.money_cents - o.money_cents,
            points_spent: self.points_spent - o.points_spent,
            points_earned: self.points_earned - o.points_earned,
        }
    }
}

/// A cancelled part's share of the order's `whole` amounts: in proportion to its weight
/// (its goods less discount plus its delivery) among all parts' `total_weight`, rounded
/// down; the last part still going takes whatever the cancelled parts (`already`) left, so
/// the shares of all parts add up to the whole exactly.
pub fn cancelled_share(
    whole: Amounts,
    already: Amounts,
    weight: i64,
    total_weight: i64,
    last_live: bool,
) -> Amounts {
    if last_live || total_weight <= 0 {
        return whole - already;
    }
    let share = |n: i64| {
        let s = (i128::from(n) * i128::from(weight.max(0)) / i128::from(total_weight)) as i64;
        s.min(n)
    };
    let left = whole - already;
    Amounts {
        money_cents: share(whole.money_cents).min(left.money_cents),
        points_spent: share(whole.points_spent).min(left.points_spent),
        points_earned: share(whole.points_earned).min(left.points_earned),
    }
}

/// What goes back when goods worth `value` are refunded from an order whose parts weigh
/// `total_weight` together: money paid, points spent (returned) and points earned (taken
/// back) in proportion, rounded down, never more than what cancellations and earlier
/// refunds (`already`, worth `already_value`) left. A refund of everything that is left
/// takes the remainders, so refunds add up to the order exactly.
pub fn refund_share(
    whole: Amounts,
    already: Amounts,
    value: i64,
    already_value: i64,
    total_weight: i64,
) -> Amounts {
    let left = whole - already;
    if total_weight <= 0 || value >= total_weight - already_value {
        return left;
    }
    let share =
        |n: i64| (i128::from(n) * i128::from(value.max(0)) / i128::from(total_weight)) as i64;
    Amounts {
        money_cents: share(whole.money_cents).clamp(0, left.money_cents.max(0)),
        points_spent: share(whole.points_spent).clamp(0, left.points_spent.max(0)),
        points_earned: share(whole.points_earned).clamp(0, left.points_earned.max(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::*;
    use super::*;

    #[test]
    fn paid_orders_until_cancelled_are_owned() {
        let owned: Vec<_> = OrderStatus::ALL.iter().filter(|s| s.is_owned()).collect();
        assert_eq!(owned.len(), 4);
        assert!(!OrderStatus::PendingPayment.is_owned());
        assert!(!"cancelled".parse::<OrderStatus>().unwrap().is_owned());
    }

    #[test]
    fn every_move_by_every_actor() {
        use Actor::*;
        let actors = [Customer, Vendor, Admin, Payment, Housekeeping];
        let allowed = [
            (PendingPayment, Paid, vec![Payment]),
            (
                PendingPayment,
                Cancelled,
                vec![Customer, Admin, Housekeeping],
            ),
            (Paid, Processing, vec![Vendor, Admin]),
            (Paid, Cancelled, vec![Customer, Vendor, Admin]),
            (Processing, Shipped, vec![Vendor, Admin]),
            (Processing, Cancelled, vec![Customer, Vendor, Admin]),
            (Shipped, Delivered, vec![Vendor, Admin]),
        ];
        for &from in OrderStatus::ALL {
            for &to in OrderStatus::ALL {
                let expected = allowed
                    .iter()
                    .find(|(f, t, _)| *f == from && *t == to)
                    .map(|(_, _, who)| who.clone())
                    .unwrap_or_default();
                for by in actors {
                    let planned = plan(from, to, by);
                    assert_eq!(
                        planned.is_ok(),
                        expected.contains(&by),
                        "{from} → {to} by {by}"
                    );
                }
            }
        }
    }

    #[test]
    fn what_moves_do() {
        let paid = plan(PendingPayment, Paid, Actor::Payment).unwrap();
        assert!(paid.credit_vendor && !paid.return_stock);
        assert_eq!(paid.notify, Some("order_confirmed"));
        let unpaid_cancel = plan(PendingPayment, Cancelled, Actor::Housekeeping).unwrap();
        assert!(unpaid_cancel.return_stock && unpaid_cancel.return_spent_points);
        assert!(!unpaid_cancel.refund_paid_share);
        let paid_cancel = plan(Processing, Cancelled, Actor::Vendor).unwrap();
        assert!(paid_cancel.return_stock && paid_cancel.refund_paid_share);
        assert_eq!(paid_cancel.notify, Some("cancelled"));
        let shipped = plan(Processing, Shipped, Actor::Vendor).unwrap();
        assert!(!shipped.return_stock && !shipped.refund_paid_share);
        assert_eq!(shipped.notify, Some("shipped"));
    }

    #[test]
    fn refusals_say_why() {
        let e = plan(Shipped, Cancelled, Actor::Vendor).unwrap_err();
        assert_eq!(
            e.to_string(),
            "An order that is shipped cannot become cancelled"
        );
        let e = plan(Paid, Processing, Actor::Customer).unwrap_err();
        assert_eq!(
            e.to_string(),
            "The customer cannot move an order that is paid to processing"
        );
        let e = plan(Shipped, Shipped, Actor::Vendor).unwrap_err();
        assert_eq!(e.to_string(), "This order is shipped already");
    }

    #[test]
    fn the_order_follows_its_parts() {
        assert_eq!(order_status(&[Paid, Paid]), Paid);
        assert_eq!(order_status(&[Processing, Paid]), Processing);
        assert_eq!(order_status(&[Shipped, Paid]), Processing);
        assert_eq!(order_status(&[Shipped, Delivered]), Shipped);
        assert_eq!(order_status(&[Shipped, Cancelled]), Shipped);
        assert_eq!(order_status(&[Delivered, Delivered]), Delivered);
        assert_eq!(order_status(&[Delivered, Cancelled]), Delivered);
        assert_eq!(order_status(&[Cancelled, Cancelled]), Cancelled);
        assert_eq!(
            order_status(&[PendingPayment, PendingPayment]),
            PendingPayment
        );
        assert_eq!(order_status(&[]), Cancelled);
    }

    #[test]
    fn the_customer_cancels_only_before_anything_ships() {
        assert!(customer_may_cancel(&[Paid, Processing]));
        assert!(customer_may_cancel(&[Paid, Cancelled]));
        assert!(!customer_may_cancel(&[Paid, Shipped]));
        assert!(!customer_may_cancel(&[Cancelled]));
    }

    #[test]
    fn shares_add_up_to_the_whole() {
        let whole = Amounts {
            money_cents: 100_001,
            points_spent: 33,
            points_earned: 7,
        };
        let weights = [33_333, 33_333, 33_335];
        let total: i64 = weights.iter().sum();
        let mut already = Amounts::default();
        for (i, w) in weights.iter().enumerate() {
            let share = cancelled_share(whole, already, *w, total, i == weights.len() - 1);
            assert!(share.money_cents >= 0 && share.points_spent >= 0);
            already = Amounts {
                money_cents: already.money_cents + share.money_cents,
                points_spent: already.points_spent + share.points_spent,
                points_earned: already.points_earned + share.points_earned,
            };
        }
        assert_eq!(already, whole);
        let first = cancelled_share(whole, Amounts::default(), 33_333, total, false);
        assert_eq!(first.money_cents, 33_333);
        assert_eq!(first.points_spent, 10);
    }

    #[test]
    fn refunds_share_money_and_points_and_add_up() {
        // R400 of goods, R50 of it paid with 500 points; 40 points earned.
        let whole = Amounts {
            money_cents: 35_000,
            points_spent: 500,
            points_earned: 40,
        };
        let first = refund_share(whole, Amounts::default(), 10_000, 0, 40_000);
        assert_eq!(
            first,
            Amounts {
                money_cents: 8_750,
                points_spent: 125,
                points_earned: 10
            }
        );
        let rest = refund_share(whole, first, 30_000, 10_000, 40_000);
        assert_eq!(
            first.money_cents + rest.money_cents,
            whole.money_cents,
            "the last refund takes the remainder"
        );
        assert_eq!(first.points_spent + rest.points_spent, 500);
        let nothing_left = refund_share(whole, whole, 1, 40_000, 40_000);
        assert_eq!(nothing_left, Amounts::default());
    }
}
