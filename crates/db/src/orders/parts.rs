//! An order's parts: one per store, each with its own status, shipment and money, and
//! the store's view of its parts.

use bazaar_domain::order::OrderStatus;
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use super::{HEADER_COLUMNS, Header, LINE_COLUMNS, Line};
use crate::{Db, DbResult, Tx, on_db, on_tx};

/// One vendor's part of an order, with where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Part {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: String,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub delivery_from: Option<String>,
    pub delivery_to: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    /// A `bazaar_domain::shipment::Courier` code, once shipped.
    pub courier: Option<String>,
    pub tracking_number: Option<String>,
    pub tracking_url: Option<String>,
    pub processing_at: Option<DateTime<Utc>>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// The part's share of the money paid, owed back since it was cancelled.
    pub refund_due_cents: i64,
    /// The part's share of the points spent, given back when it was cancelled.
    pub points_returned: i64,
    /// The part's share of the points earned, taken back when it was cancelled.
    pub points_reversed: i64,
    /// The store's address while it is open (what "Ask the seller" names).
    pub vendor_slug: Option<String>,
}

impl Part {
    /// What the part weighs in the order's money: its goods less discount, plus delivery.
    pub fn weight(&self) -> i64 {
        self.subtotal_cents - self.discount_cents + self.shipping_cents
    }
}

pub const PART_COLUMNS: &str = "id, vendor_id, vendor_name, subtotal_cents, discount_cents, shipping_cents, \
     delivery_from, delivery_to, status, courier, tracking_number, tracking_url, processing_at, shipped_at, \
     delivered_at, cancelled_at, cancel_reason, refund_due_cents, points_returned, points_reversed, \
     (SELECT v.store_slug FROM vendors v WHERE v.id = order_parts.vendor_id AND v.status = 'approved') AS vendor_slug";

/// The parts of an order inside a transaction (the order locked first, see [`lock`]).
pub async fn parts_in(tx: &mut Tx, order_id: Uuid) -> DbResult<Vec<Part>> {
    let sql =
        format!("SELECT {PART_COLUMNS} FROM order_parts WHERE order_id = $1 ORDER BY position");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Part>(sqlx::AssertSqlSafe(sql))
        .bind(order_id)
        .fetch_all(conn)
        .await)?,
    )
}

/// The order a part belongs to, if the part is `vendor_id`'s (or anyone's, with `None`).
pub async fn order_of_part(
    db: &Db,
    part_id: Uuid,
    vendor_id: Option<Uuid>,
) -> DbResult<Option<Uuid>> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT order_id FROM order_parts WHERE id = $1 AND ($2 IS NULL OR vendor_id = $2)",
    )
    .bind(part_id)
    .bind(vendor_id)
    .fetch_optional(pool)
    .await)?)
}

/// A shipment as the vendor gave it.
#[derive(Debug, Clone, Default)]
pub struct Shipment<'a> {
    pub courier: &'a str,
    pub tracking_number: &'a str,
    pub tracking_url: Option<&'a str>,
}

/// Moves a part from `from` to `to` (not to cancelled: see [`cancel_part`]), stamping the
/// time of the move and, when shipping, the shipment; false when it was no longer in `from`.
pub async fn move_part(
    tx: &mut Tx,
    part_id: Uuid,
    from: OrderStatus,
    to: OrderStatus,
    shipment: Option<&Shipment<'_>>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let stamp = match to {
        OrderStatus::Processing => ", processing_at = $4",
        OrderStatus::Shipped => ", shipped_at = $4",
        OrderStatus::Delivered => ", delivered_at = $4",
        _ => "",
    };
    let sql = format!(
        "UPDATE order_parts SET status = $3{stamp}, courier = COALESCE($5, courier), \
         tracking_number = COALESCE($6, tracking_number), tracking_url = COALESCE($7, tracking_url) \
         WHERE id = $1 AND status = $2"
    );
    let n = on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(part_id)
        .bind(from.as_str())
        .bind(to.as_str())
        .bind(now)
        .bind(shipment.map(|s| s.courier))
        .bind(shipment.map(|s| s.tracking_number))
        .bind(shipment.and_then(|s| s.tracking_url))
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Every part of an order still in `from` moves to `to` (payment: all parts become paid).
pub async fn move_parts_of(
    tx: &mut Tx,
    order_id: Uuid,
    from: OrderStatus,
    to: OrderStatus,
) -> DbResult<u64> {
    Ok(
        on_tx!(tx, conn => sqlx::query("UPDATE order_parts SET status = $3 WHERE order_id = $1 AND status = $2")
        .bind(order_id)
        .bind(from.as_str())
        .bind(to.as_str())
        .execute(conn)
        .await.map(|r| r.rows_affected()))?,
    )
}

/// What a cancelled part gave back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PartRefund {
    pub money_cents: i64,
    pub points_returned: i64,
    pub points_reversed: i64,
}

/// Cancels a part still in `from`, recording why and its shares; false when it had moved.
pub async fn cancel_part(
    tx: &mut Tx,
    part_id: Uuid,
    from: OrderStatus,
    reason: &str,
    refund: PartRefund,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE order_parts SET status = 'cancelled', cancelled_at = $3, cancel_reason = $4, \
         refund_due_cents = $5, points_returned = $6, points_reversed = $7 WHERE id = $1 AND status = $2",
    )
    .bind(part_id)
    .bind(from.as_str())
    .bind(now)
    .bind(reason)
    .bind(refund.money_cents)
    .bind(refund.points_returned)
    .bind(refund.points_reversed)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Adds money owed back to the buyer for a cancelled part of a paid order.
pub async fn add_part_refund(
    tx: &mut Tx,
    order_id: Uuid,
    cents: i64,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET refund_due_cents = refund_due_cents + $2, updated_at = $3 WHERE id = $1",
    )
    .bind(order_id)
    .bind(cents)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Puts an order in the status its parts give it; cancelled also stamps when and why.
pub async fn follow_parts(
    tx: &mut Tx,
    order_id: Uuid,
    from: OrderStatus,
    to: OrderStatus,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET status = $3, updated_at = $4, \
         cancelled_at = CASE WHEN $3 = 'cancelled' THEN $4 ELSE cancelled_at END, \
         cancel_reason = CASE WHEN $3 = 'cancelled' THEN $5 ELSE cancel_reason END, \
         reserved_until = CASE WHEN $3 = 'cancelled' THEN NULL ELSE reserved_until END \
         WHERE id = $1 AND status = $2",
    )
    .bind(order_id)
    .bind(from.as_str())
    .bind(to.as_str())
    .bind(now)
    .bind(reason)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// One vendor's part of a new order.
#[derive(Debug, Clone)]
pub struct NewPart<'a> {
    pub id: Uuid,
    pub order_id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: &'a str,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub delivery_from: &'a str,
    pub delivery_to: &'a str,
    pub position: i64,
}

pub async fn insert_part(tx: &mut Tx, p: &NewPart<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO order_parts (id, order_id, vendor_id, vendor_name, subtotal_cents, delivery_from, delivery_to, position, \
         discount_cents, shipping_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(p.id)
    .bind(p.order_id)
    .bind(p.vendor_id)
    .bind(p.vendor_name)
    .bind(p.subtotal_cents)
    .bind(p.delivery_from)
    .bind(p.delivery_to)
    .bind(p.position)
    .bind(p.discount_cents)
    .bind(p.shipping_cents)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// One row of a vendor's order list: their part of an order.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct VendorPart {
    pub id: Uuid,
    pub order_id: Uuid,
    pub order_number: String,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    pub currency: String,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub item_count: i64,
    pub courier: Option<String>,
    pub tracking_number: Option<String>,
    pub ordered_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// A page of `vendor_id`'s paid parts in one of `statuses` (all paid ones when empty),
/// oldest first among those to ship and newest first otherwise, and how many there are.
pub async fn vendor_parts(
    db: &Db,
    vendor_id: Uuid,
    statuses: &[OrderStatus],
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<VendorPart>, i64)> {
    let statuses: Vec<&str> = if statuses.is_empty() {
        OrderStatus::ALL
            .iter()
            .filter(|s| **s != OrderStatus::PendingPayment)
            .map(|s| s.as_str())
            .collect()
    } else {
        statuses.iter().map(|s| s.as_str()).collect()
    };
    // Statuses come from the enum, never from the request.
    let list = statuses
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let to_ship_only = statuses.iter().all(|s| matches!(*s, "paid" | "processing"));
    let order = if to_ship_only { "ASC" } else { "DESC" };
    let sql = format!(
        "SELECT p.id, p.order_id, o.order_number, p.status, o.currency, p.subtotal_cents, p.discount_cents, \
         p.shipping_cents, \
         CAST(COALESCE((SELECT SUM(i.quantity) FROM order_items i WHERE i.part_id = p.id), 0) AS BIGINT) AS item_count, \
         p.courier, p.tracking_number, o.created_at AS ordered_at, o.paid_at \
         FROM order_parts p JOIN orders o ON o.id = p.order_id \
         WHERE p.vendor_id = $1 AND p.status IN ({list}) \
         ORDER BY o.created_at {order}, p.id {order} LIMIT $2 OFFSET $3"
    );
    let rows = on_db!(db, pool => sqlx::query_as::<_, VendorPart>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(vendor_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    let count = format!(
        "SELECT COUNT(*) FROM order_parts p WHERE p.vendor_id = $1 AND p.status IN ({list})"
    );
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count.clone()))
        .bind(vendor_id)
        .fetch_one(pool)
        .await)?;
    Ok((rows, total))
}

/// A vendor's part with its order's header and the part's lines; `None` when the part is
/// not `vendor_id`'s or its order is not paid for yet.
pub async fn vendor_part(
    db: &Db,
    vendor_id: Uuid,
    part_id: Uuid,
) -> DbResult<Option<(Header, Part, Vec<Line>)>> {
    let sql = format!(
        "SELECT {PART_COLUMNS} FROM order_parts WHERE id = $1 AND vendor_id = $2 AND status <> 'pending_payment'"
    );
    let part = on_db!(db, pool => sqlx::query_as::<_, Part>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(part_id)
        .bind(vendor_id)
        .fetch_optional(pool)
        .await)?;
    let Some(part) = part else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT {HEADER_COLUMNS} FROM orders WHERE id = (SELECT order_id FROM order_parts WHERE id = $1)"
    );
    let header = on_db!(db, pool => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(part_id)
        .fetch_one(pool)
        .await)?;
    let sql =
        format!("SELECT {LINE_COLUMNS} FROM order_items WHERE part_id = $1 ORDER BY position");
    let lines = on_db!(db, pool => sqlx::query_as::<_, Line>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(part_id)
        .fetch_all(pool)
        .await)?;
    Ok(Some((header, part, lines)))
}

/// One part, whoever's it is.
pub async fn part(db: &Db, id: Uuid) -> DbResult<Option<Part>> {
    let sql = format!("SELECT {PART_COLUMNS} FROM order_parts WHERE id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Part>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

/// How many vendor parts an order has.
pub async fn part_count(db: &Db, order_id: Uuid) -> DbResult<i64> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM order_parts WHERE order_id = $1")
        .bind(order_id)
        .fetch_one(pool)
        .await)?,
    )
}
