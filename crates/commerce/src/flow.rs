//! The moves of an order and of each vendor's part of it, by the rules of
//! [`bazaar_domain::order`]: payment makes every part paid; a vendor (or an admin) moves a
//! part to processing, shipped and delivered, or cancels it before it ships; the buyer
//! cancels the whole order before anything ships; housekeeping cancels orders never paid.
//! The order's status follows its parts.
//!
//! Each move is a conditional update (it happens once however often it is asked for, and of
//! two concurrent moves one wins) that enqueues the buyer's notification in the same
//! transaction. Payment awards points. A cancelled part gives back its stock and its share
//! (in proportion to its value, the last part taking the remainder) of the points spent,
//! of the points earned (as far as the balance allows) and, once paid, of the money, which
//! is recorded as owed back; the coupon use goes back when the whole order is cancelled.

use bazaar_db::orders::{self, Header, Part, PartRefund, Shipment};
use bazaar_db::points::{self, Kind, Movement};
use bazaar_db::{DbError, DbResult, Tx, coupons, stock};
use bazaar_domain::checkout::points_earned;
use bazaar_domain::money::Cents;
use bazaar_domain::order::{self as rules, Actor, Amounts, OrderStatus, Refused};
use bazaar_queue::Job;
use chrono::Utc;
use uuid::Uuid;

use crate::Settings;

/// Why a move did not happen.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("{0}")]
    Refused(Refused),
    #[error(transparent)]
    Db(#[from] DbError),
}

pub type MoveResult<T> = Result<T, MoveError>;

async fn notify(
    tx: &mut Tx,
    order_id: Uuid,
    part_id: Option<Uuid>,
    kind: Option<&str>,
) -> DbResult<()> {
    if let Some(kind) = kind {
        bazaar_queue::enqueue(
            tx,
            &Job::NotifyOrderStatus {
                order_id,
                status: kind.to_owned(),
                part_id,
            },
        )
        .await?;
    }
    Ok(())
}

/// Marks a pending order and its parts paid, awards its points and confirms it to the
/// customer. False when it was not pending (paid already, or cancelled).
pub async fn mark_paid(
    tx: &mut Tx,
    o: &Header,
    reference: Option<&str>,
    s: &Settings,
) -> DbResult<bool> {
    let effects = match rules::plan(o.status, OrderStatus::Paid, Actor::Payment) {
        Ok(effects) => effects,
        Err(_) => return Ok(false),
    };
    let earned = points_earned(
        Cents(o.total_cents - o.shipping_cents),
        s.points_per_100_rand,
    );
    let now = Utc::now();
    if !orders::mark_paid(tx, o.id, reference, earned, now).await? {
        return Ok(false);
    }
    orders::move_parts_of(tx, o.id, OrderStatus::PendingPayment, OrderStatus::Paid).await?;
    let paid = Header {
        status: OrderStatus::Paid,
        ..o.clone()
    };
    crate::books::record_sale(tx, &paid).await?;
    let description = format!("Earned on order {}", o.order_number);
    points::apply(
        tx,
        &Movement {
            user_id: o.user_id,
            kind: Kind::Earned,
            points: earned,
            description: &description,
            order_id: Some(o.id),
            source: "order_earn",
        },
    )
    .await?;
    notify(tx, o.id, None, effects.notify).await?;
    Ok(true)
}

/// What a part move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartMoved {
    pub part_id: Uuid,
    pub status: OrderStatus,
    /// The order's status after the move.
    pub order_status: OrderStatus,
    /// What the part gave back, when it was cancelled.
    pub refund: Option<PartRefund>,
}

/// What a part move needs besides its new status.
#[derive(Debug, Clone, Default)]
pub struct PartMove<'a> {
    /// Required to ship.
    pub shipment: Option<Shipment<'a>>,
    /// Required to cancel.
    pub reason: Option<&'a str>,
}

/// Moves one part of order `o` (locked with [`locked`]) to `to` for `by`.
pub async fn move_part(
    tx: &mut Tx,
    o: &Header,
    part_id: Uuid,
    to: OrderStatus,
    by: Actor,
    how: &PartMove<'_>,
) -> MoveResult<PartMoved> {
    let parts = orders::parts_in(tx, o.id).await?;
    let part = parts
        .iter()
        .find(|p| p.id == part_id)
        .ok_or(DbError::NotFound)?;
    let effects = rules::plan(part.status, to, by).map_err(MoveError::Refused)?;
    let now = Utc::now();
    let refund = if to == OrderStatus::Cancelled {
        let reason = how.reason.unwrap_or("Cancelled");
        let refund =
            cancel_parts(tx, o, &parts, &[part], reason, effects.refund_paid_share).await?;
        if refund.is_none() {
            return Err(MoveError::Refused(Refused {
                from: part.status,
                to,
                by,
            }));
        }
        refund
    } else {
        if !orders::move_part(tx, part.id, part.status, to, how.shipment.as_ref(), now).await? {
            return Err(MoveError::Refused(Refused {
                from: part.status,
                to,
                by,
            }));
        }
        if to == OrderStatus::Delivered {
            crate::books::record_release(tx, o, part, now).await?;
        }
        None
    };
    notify(tx, o.id, Some(part.id), effects.notify).await?;
    let order_status = follow_parts(tx, o, how.reason).await?;
    Ok(PartMoved {
        part_id,
        status: to,
        order_status,
        refund,
    })
}

/// Puts the order in the status its parts now give it; the coupon use goes back when the
/// whole order ends up cancelled.
async fn follow_parts(tx: &mut Tx, o: &Header, reason: Option<&str>) -> DbResult<OrderStatus> {
    let parts = orders::parts_in(tx, o.id).await?;
    let statuses: Vec<OrderStatus> = parts.iter().map(|p| p.status).collect();
    let status = rules::order_status(&statuses);
    if status != o.status {
        orders::follow_parts(tx, o.id, o.status, status, reason, Utc::now()).await?;
        if status == OrderStatus::Cancelled {
            coupons::release(tx, o.id).await?;
        }
    }
    Ok(status)
}

/// Moves every part of an order that may go to `to` (admins move a whole order on), and
/// tells the buyer once. Refused when no part could move.
pub async fn move_order(
    tx: &mut Tx,
    o: &Header,
    to: OrderStatus,
    by: Actor,
) -> MoveResult<OrderStatus> {
    if to == OrderStatus::Cancelled {
        let reason = match by {
            Actor::Customer => "Cancelled by the customer",
            Actor::Housekeeping => "Payment not received in time",
            _ => "Cancelled by the shop",
        };
        return cancel(tx, o, reason, by)
            .await?
            .map(|_| OrderStatus::Cancelled)
            .ok_or(MoveError::Refused(Refused {
                from: o.status,
                to,
                by,
            }));
    }
    let parts = orders::parts_in(tx, o.id).await?;
    let now = Utc::now();
    let mut moved = 0;
    let mut notification = None;
    for part in &parts {
        if let Ok(effects) = rules::plan(part.status, to, by)
            && orders::move_part(tx, part.id, part.status, to, None, now).await?
        {
            if to == OrderStatus::Delivered {
                crate::books::record_release(tx, o, part, now).await?;
            }
            moved += 1;
            notification = effects.notify;
        }
    }
    if moved == 0 {
        return Err(MoveError::Refused(Refused {
            from: o.status,
            to,
            by,
        }));
    }
    notify(tx, o.id, None, notification).await?;
    Ok(follow_parts(tx, o, None).await?)
}

/// What a cancellation gave back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cancelled {
    pub points_refunded: i64,
    pub points_reversed: i64,
    /// Money to pay back through the payment provider (the order had been paid).
    pub refund_due_cents: i64,
}

/// Cancels every part of an order still going, as `by`; `None` when `by` may not (for the
/// buyer: something has shipped).
pub async fn cancel(
    tx: &mut Tx,
    o: &Header,
    reason: &str,
    by: Actor,
) -> DbResult<Option<Cancelled>> {
    let parts = orders::parts_in(tx, o.id).await?;
    let statuses: Vec<OrderStatus> = parts.iter().map(|p| p.status).collect();
    let live: Vec<&Part> = parts
        .iter()
        .filter(|p| p.status != OrderStatus::Cancelled)
        .collect();
    let allowed = !live.is_empty()
        && live
            .iter()
            .all(|p| rules::plan(p.status, OrderStatus::Cancelled, by).is_ok())
        && (by != Actor::Customer || rules::customer_may_cancel(&statuses));
    if !allowed {
        return Ok(None);
    }
    let paid = o.status.is_owned();
    let Some(refund) = cancel_parts(tx, o, &parts, &live, reason, paid).await? else {
        return Ok(None);
    };
    notify(tx, o.id, None, OrderStatus::Cancelled.notification()).await?;
    follow_parts(tx, o, Some(reason)).await?;
    Ok(Some(Cancelled {
        points_refunded: refund.points_returned,
        points_reversed: refund.points_reversed,
        refund_due_cents: refund.money_cents,
    }))
}

/// Cancels `which` of `parts` (all still going), giving back their stock and their shares,
/// with one points movement for them together; `None` if one had moved meanwhile.
async fn cancel_parts(
    tx: &mut Tx,
    o: &Header,
    parts: &[Part],
    which: &[&Part],
    reason: &str,
    paid: bool,
) -> DbResult<Option<PartRefund>> {
    let whole = Amounts {
        money_cents: if paid { o.total_cents } else { 0 },
        points_spent: o.points_spent,
        points_earned: if paid { o.points_earned } else { 0 },
    };
    let total_weight: i64 = parts.iter().map(Part::weight).sum();
    let mut already = parts
        .iter()
        .filter(|p| p.status == OrderStatus::Cancelled)
        .fold(Amounts::default(), |a, p| Amounts {
            money_cents: a.money_cents + p.refund_due_cents,
            points_spent: a.points_spent + p.points_returned,
            points_earned: a.points_earned + p.points_reversed,
        });
    let mut live = parts
        .iter()
        .filter(|p| p.status != OrderStatus::Cancelled)
        .count();
    let now = Utc::now();
    let mut sum = PartRefund::default();
    for part in which {
        let share = rules::cancelled_share(whole, already, part.weight(), total_weight, live == 1);
        let refund = PartRefund {
            money_cents: share.money_cents,
            points_returned: share.points_spent,
            points_reversed: share.points_earned,
        };
        if !orders::cancel_part(tx, part.id, part.status, reason, refund, now).await? {
            return Ok(None);
        }
        if paid {
            crate::books::record_cancellation(tx, o, part, refund.money_cents).await?;
        }
        release_stock(tx, o.id, part.id).await?;
        already = Amounts {
            money_cents: already.money_cents + share.money_cents,
            points_spent: already.points_spent + share.points_spent,
            points_earned: already.points_earned + share.points_earned,
        };
        live -= 1;
        sum.money_cents += refund.money_cents;
        sum.points_returned += refund.points_returned;
        sum.points_reversed += refund.points_reversed;
    }
    // A part cancelled while others go on has movements of its own; the cancellation that
    // ends the order has the order's (each source moves points once per order).
    let source = |what: &str| match which.first() {
        Some(part) if live > 0 => format!("{what}:{}", part.id),
        _ => what.to_owned(),
    };
    if sum.money_cents > 0 {
        orders::add_part_refund(tx, o.id, sum.money_cents, now).await?;
    }
    if sum.points_returned > 0 {
        let description = format!("Refunded for cancelled order {}", o.order_number);
        points::apply(
            tx,
            &Movement {
                user_id: o.user_id,
                kind: Kind::Refunded,
                points: sum.points_returned,
                description: &description,
                order_id: Some(o.id),
                source: &source("order_refund"),
            },
        )
        .await?;
    }
    if sum.points_reversed > 0 {
        // Points earned on the order go back, but never below a zero balance.
        let balance = points::lock(tx, o.user_id).await?.current_balance;
        let take = sum.points_reversed.min(balance);
        if take > 0 {
            let description = format!("Reversed for cancelled order {}", o.order_number);
            points::apply(
                tx,
                &Movement {
                    user_id: o.user_id,
                    kind: Kind::Spent,
                    points: take,
                    description: &description,
                    order_id: Some(o.id),
                    source: &source("order_earn_reversal"),
                },
            )
            .await?;
        }
        sum.points_reversed = take;
    }
    Ok(Some(sum))
}

/// Puts back the stock a part took.
async fn release_stock(tx: &mut Tx, order_id: Uuid, part_id: Uuid) -> DbResult<()> {
    let lines = orders::lines(tx, order_id).await?;
    let mut touched = Vec::new();
    for l in lines
        .iter()
        .filter(|l| l.stock_reserved && l.part_id == part_id)
    {
        if let Some(product_id) = l.product_id {
            stock::give_back(tx, product_id, l.variation_id, l.quantity, order_id).await?;
            touched.push(product_id);
        }
    }
    touched.sort();
    touched.dedup();
    stock::refresh(tx, &touched).await?;
    if !touched.is_empty() {
        bazaar_queue::enqueue(
            tx,
            &Job::IndexProducts {
                product_ids: touched,
            },
        )
        .await?;
    }
    Ok(())
}

/// Cancels unpaid orders whose reservation ran out, each in its own transaction; returns
/// how many. Run by housekeeping.
pub async fn expire_reservations(db: &bazaar_db::Db) -> DbResult<u64> {
    let due = orders::reservations_run_out(db, Utc::now(), 500).await?;
    let mut expired = 0;
    for id in due {
        let mut tx = db.begin().await?;
        let Some(o) = orders::lock(&mut tx, id).await? else {
            continue;
        };
        let still_due = o.status == OrderStatus::PendingPayment
            && o.reserved_until.is_some_and(|t| t < Utc::now());
        if still_due
            && cancel(
                &mut tx,
                &o,
                "Payment not received in time",
                Actor::Housekeeping,
            )
            .await?
            .is_some()
        {
            expired += 1;
        }
        tx.commit().await?;
    }
    Ok(expired)
}

/// The order `id` locked for a move, or `NotFound`.
pub async fn locked(tx: &mut Tx, id: Uuid) -> DbResult<Header> {
    orders::lock(tx, id).await?.ok_or(DbError::NotFound)
}
