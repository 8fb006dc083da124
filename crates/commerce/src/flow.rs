//! The moves of an order: pending_payment → paid → processing → shipped → delivered, and
//! cancelled before shipping. Each move is a conditional update (it happens once however
//! often it is asked for) that enqueues the customer's notification in the same
//! transaction. Payment awards points; cancellation gives back stock, spent points and the
//! coupon use, and takes back points earned on the order as far as the balance allows.

use bazaar_db::orders::{self, Header};
use bazaar_db::points::{self, Kind, Movement};
use bazaar_db::{DbError, DbResult, Tx, coupons, on_tx, stock};
use bazaar_domain::checkout::points_earned;
use bazaar_domain::money::Cents;
use bazaar_queue::Job;
use chrono::Utc;
use uuid::Uuid;

use crate::Settings;

async fn notify(tx: &mut Tx, order_id: Uuid, status: &str) -> DbResult<()> {
    if let Some(kind) = orders::notification_type(status) {
        bazaar_queue::enqueue(
            tx,
            &Job::NotifyOrderStatus {
                order_id,
                status: kind.to_owned(),
            },
        )
        .await?;
    }
    Ok(())
}

/// Marks a pending order paid, awards its points and confirms it to the customer. False
/// when it was not pending (paid already, or cancelled).
pub async fn mark_paid(
    tx: &mut Tx,
    o: &Header,
    reference: Option<&str>,
    s: &Settings,
) -> DbResult<bool> {
    let earned = points_earned(
        Cents(o.total_cents - o.shipping_cents),
        s.points_per_100_rand,
    );
    let now = Utc::now();
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET status = 'paid', paid_at = $2, payment_reference = $3, points_earned = $4, \
         reserved_until = NULL, updated_at = $2 WHERE id = $1 AND status = 'pending_payment'",
    )
    .bind(o.id)
    .bind(now)
    .bind(reference)
    .bind(earned)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(false);
    }
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
    notify(tx, o.id, "paid").await?;
    Ok(true)
}

/// Moves a paid order on towards delivery (vendors and admins do this). False when the
/// move is not allowed from the order's status.
pub async fn advance(tx: &mut Tx, o: &Header, to: &str) -> DbResult<bool> {
    if !matches!(to, "processing" | "shipped" | "delivered") || !orders::may_move(&o.status, to) {
        return Ok(false);
    }
    if !orders::set_status(tx, o.id, &o.status, to).await? {
        return Ok(false);
    }
    notify(tx, o.id, to).await?;
    Ok(true)
}

/// What a cancellation gave back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cancelled {
    pub points_refunded: i64,
    pub points_reversed: i64,
    /// Money to pay back through the payment provider (the order had been paid).
    pub refund_due_cents: i64,
}

/// Cancels an order that has not shipped. `None` when it may not be cancelled.
pub async fn cancel(tx: &mut Tx, o: &Header, reason: &str) -> DbResult<Option<Cancelled>> {
    if !orders::may_move(&o.status, "cancelled") {
        return Ok(None);
    }
    let was_paid = o.status != "pending_payment";
    let refund_due = if was_paid { o.total_cents } else { 0 };
    if !orders::mark_cancelled(tx, o.id, &o.status, reason, refund_due, Utc::now()).await? {
        return Ok(None);
    }
    release_stock(tx, o.id).await?;
    coupons::release(tx, o.id).await?;
    let mut done = Cancelled {
        refund_due_cents: refund_due,
        ..Cancelled::default()
    };
    if o.points_spent > 0 {
        let description = format!("Refunded for cancelled order {}", o.order_number);
        points::apply(
            tx,
            &Movement {
                user_id: o.user_id,
                kind: Kind::Refunded,
                points: o.points_spent,
                description: &description,
                order_id: Some(o.id),
                source: "order_refund",
            },
        )
        .await?;
        done.points_refunded = o.points_spent;
    }
    if o.points_earned > 0 {
        // Points earned on the order go back, but never below a zero balance.
        let balance = points::lock(tx, o.user_id).await?.current_balance;
        let take = o.points_earned.min(balance);
        let description = format!("Reversed for cancelled order {}", o.order_number);
        points::apply(
            tx,
            &Movement {
                user_id: o.user_id,
                kind: Kind::Spent,
                points: take,
                description: &description,
                order_id: Some(o.id),
                source: "order_earn_reversal",
            },
        )
        .await?;
        done.points_reversed = take;
    }
    notify(tx, o.id, "cancelled").await?;
    Ok(Some(done))
}

/// Puts back the stock an order took.
async fn release_stock(tx: &mut Tx, order_id: Uuid) -> DbResult<()> {
    let lines = orders::lines(tx, order_id).await?;
    let mut touched = Vec::new();
    for l in lines.iter().filter(|l| l.stock_reserved) {
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
    let due = bazaar_db::on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM orders WHERE status = 'pending_payment' AND reserved_until < $1 ORDER BY reserved_until LIMIT 500",
    )
    .bind(Utc::now())
    .fetch_all(pool)
    .await)?;
    let mut expired = 0;
    for id in due {
        let mut tx = db.begin().await?;
        let Some(o) = orders::lock(&mut tx, id).await? else {
            continue;
        };
        let still_due =
            o.status == "pending_payment" && o.reserved_until.is_some_and(|t| t < Utc::now());
        if still_due
            && cancel(&mut tx, &o, "Payment not received in time")
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
