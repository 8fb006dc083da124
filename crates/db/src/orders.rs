//! Customer orders: the part the jobs need (who placed an order, its number, status and
//! total). Checkout, order lines and status transitions build on this table.

use bazaar_domain::order::OrderStatus;
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Order {
    pub id: Uuid,
    pub order_number: String,
    pub user_id: Uuid,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    pub currency: String,
    pub total_cents: i64,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, order_number, user_id, status, currency, total_cents, created_at";

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<Order>> {
    let sql = format!("SELECT {COLUMNS} FROM orders WHERE id = $1");
    let row = on_db!(db, pool => sqlx::query_as::<_, Order>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row)
}

/// A new order with the given header values (order lines are added by checkout).
pub struct NewOrder<'a> {
    pub user_id: Uuid,
    pub order_number: &'a str,
    pub status: OrderStatus,
    pub currency: &'a str,
    pub total_cents: i64,
}

pub async fn insert(tx: &mut Tx, o: &NewOrder<'_>) -> DbResult<Uuid> {
    let (id, now) = (Uuid::now_v7(), Utc::now());
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO orders (id, order_number, user_id, status, currency, subtotal_cents, total_cents, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $7)",
    )
    .bind(id)
    .bind(o.order_number)
    .bind(o.user_id)
    .bind(o.status.as_str())
    .bind(o.currency)
    .bind(o.total_cents)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))
    .map_err(crate::DbError::classify)?;
    Ok(id)
}

/// The whole header of an order.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Header {
    pub id: Uuid,
    pub order_number: String,
    pub user_id: Uuid,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    pub currency: String,
    pub email: String,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub coupon_code: Option<String>,
    pub shipping_cents: i64,
    pub points_spent: i64,
    pub points_discount_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    pub points_earned: i64,
    /// JSON of `bazaar_domain::checkout::Address`; none for digital-only orders.
    pub shipping_address: Option<String>,
    pub reserved_until: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    pub payment_reference: Option<String>,
    pub refund_due_cents: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const HEADER_COLUMNS: &str = "id, order_number, user_id, status, currency, email, subtotal_cents, discount_cents, \
     coupon_code, shipping_cents, points_spent, points_discount_cents, vat_cents, total_cents, points_earned, \
     shipping_address, reserved_until, paid_at, cancelled_at, cancel_reason, payment_reference, refund_due_cents, \
     created_at, updated_at";

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
}

impl Part {
    /// What the part weighs in the order's money: its goods less discount, plus delivery.
    pub fn weight(&self) -> i64 {
        self.subtotal_cents - self.discount_cents + self.shipping_cents
    }
}

pub const PART_COLUMNS: &str = "id, vendor_id, vendor_name, subtotal_cents, discount_cents, shipping_cents, \
     delivery_from, delivery_to, status, courier, tracking_number, tracking_url, processing_at, shipped_at, \
     delivered_at, cancelled_at, cancel_reason, refund_due_cents, points_returned, points_reversed";

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

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Line {
    pub id: Uuid,
    pub part_id: Uuid,
    pub product_id: Option<Uuid>,
    pub variation_id: Option<Uuid>,
    pub vendor_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub size: String,
    pub color: String,
    pub product_type: String,
    pub image_url: Option<String>,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub line_total_cents: i64,
    #[serde(skip)]
    pub stock_reserved: bool,
    /// How many of the line an admin has refunded.
    pub refunded_quantity: i64,
}

/// An order with its parts and lines.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Detail {
    #[serde(flatten)]
    pub header: Header,
    pub parts: Vec<Part>,
    pub items: Vec<Line>,
}

/// The header of `id` inside a transaction; on PostgreSQL the row stays locked until the
/// transaction ends, so moves of one order happen one at a time.
pub async fn lock(tx: &mut Tx, id: Uuid) -> DbResult<Option<Header>> {
    let lock = if matches!(tx, Tx::Postgres(_)) {
        " FOR NO KEY UPDATE"
    } else {
        ""
    };
    let sql = format!("SELECT {HEADER_COLUMNS} FROM orders WHERE id = $1{lock}");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// The order `id` of `user_id` with its parts and lines; `None` for anyone else's.
pub async fn detail(db: &Db, user_id: Uuid, id: Uuid) -> DbResult<Option<Detail>> {
    detail_of(db, id, Some(user_id)).await
}

/// Any order with its parts and lines (admins).
pub async fn detail_any(db: &Db, id: Uuid) -> DbResult<Option<Detail>> {
    detail_of(db, id, None).await
}

async fn detail_of(db: &Db, id: Uuid, user_id: Option<Uuid>) -> DbResult<Option<Detail>> {
    let sql = format!(
        "SELECT {HEADER_COLUMNS} FROM orders WHERE id = $1 AND ($2 IS NULL OR user_id = $2)"
    );
    let header = on_db!(db, pool => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(user_id)
        .fetch_optional(pool)
        .await)?;
    let Some(header) = header else {
        return Ok(None);
    };
    let parts = on_db!(db, pool => sqlx::query_as::<_, Part>(sqlx::AssertSqlSafe(format!(
        "SELECT {PART_COLUMNS} FROM order_parts WHERE order_id = $1 ORDER BY position"
    )))
    .bind(id)
    .fetch_all(pool)
    .await)?;
    let items = on_db!(db, pool => sqlx::query_as::<_, Line>(sqlx::AssertSqlSafe(format!(
        "SELECT {LINE_COLUMNS} FROM order_items WHERE order_id = $1 ORDER BY position"
    )))
    .bind(id)
    .fetch_all(pool)
    .await)?;
    Ok(Some(Detail {
        header,
        parts,
        items,
    }))
}

const LINE_COLUMNS: &str = "id, part_id, product_id, variation_id, vendor_id, product_name, variation_name, size, color, \
     product_type, image_url, unit_price_cents, quantity, line_total_cents, stock_reserved, refunded_quantity";

/// The lines of an order inside a transaction.
pub async fn lines(tx: &mut Tx, order_id: Uuid) -> DbResult<Vec<Line>> {
    let sql =
        format!("SELECT {LINE_COLUMNS} FROM order_items WHERE order_id = $1 ORDER BY position");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Line>(sqlx::AssertSqlSafe(sql))
        .bind(order_id)
        .fetch_all(conn)
        .await)?,
    )
}

/// One row of a customer's order list.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Summary {
    pub id: Uuid,
    pub order_number: String,
    #[sqlx(try_from = "String")]
    pub status: OrderStatus,
    pub currency: String,
    pub total_cents: i64,
    pub item_count: i64,
    pub created_at: DateTime<Utc>,
}

/// A page of the user's orders, newest first, and how many there are.
pub async fn list(
    db: &Db,
    user_id: Uuid,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<Summary>, i64)> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, Summary>(
        "SELECT o.id, o.order_number, o.status, o.currency, o.total_cents, \
         CAST(COALESCE((SELECT SUM(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0) AS BIGINT) AS item_count, \
         o.created_at FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await)?;
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM orders WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await)?;
    Ok((rows, total))
}

/// Moves an order from one of `from` to `to`; false when it was in none of them.
pub async fn set_status(
    tx: &mut Tx,
    id: Uuid,
    from: OrderStatus,
    to: OrderStatus,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query("UPDATE orders SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2")
        .bind(id)
        .bind(from.as_str())
        .bind(to.as_str())
        .bind(Utc::now())
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// The header of `id`, whoever it belongs to.
pub async fn get_header(db: &Db, id: Uuid) -> DbResult<Option<Header>> {
    let sql = format!("SELECT {HEADER_COLUMNS} FROM orders WHERE id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

/// The header of `id` inside a transaction, without locking it.
pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<Header>> {
    let sql = format!("SELECT {HEADER_COLUMNS} FROM orders WHERE id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// Records money taken for `id` that is owed back (a second payment, or one for a cancelled
/// order), on top of anything owed already. The order keeps the reference of the payment
/// it was paid with; only an order never paid takes this one's.
pub async fn add_refund_due(
    tx: &mut Tx,
    id: Uuid,
    cents: i64,
    payment_reference: &str,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET refund_due_cents = refund_due_cents + $2, \
         payment_reference = COALESCE(payment_reference, $3), updated_at = $4 WHERE id = $1",
    )
    .bind(id)
    .bind(cents)
    .bind(payment_reference)
    .bind(Utc::now())
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Orders with money owed back to their buyer, the most recently changed first.
pub async fn refunds_due(db: &Db, limit: i64) -> DbResult<Vec<Header>> {
    let sql = format!(
        "SELECT {HEADER_COLUMNS} FROM orders WHERE refund_due_cents > 0 \
         ORDER BY updated_at DESC, id DESC LIMIT $1"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Header>(sqlx::AssertSqlSafe(sql))
        .bind(limit)
        .fetch_all(pool)
        .await)?,
    )
}

/// Cancels `id` if it is still in `from`, releasing its reservation and adding
/// `refund_due_cents` to what is owed back; false when it had moved on.
pub async fn mark_cancelled(
    tx: &mut Tx,
    id: Uuid,
    from: OrderStatus,
    reason: &str,
    refund_due_cents: i64,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET status = 'cancelled', cancelled_at = $3, cancel_reason = $4, reserved_until = NULL, \
         refund_due_cents = refund_due_cents + $5, updated_at = $3 WHERE id = $1 AND status = $2",
    )
    .bind(id)
    .bind(from.as_str())
    .bind(now)
    .bind(reason)
    .bind(refund_due_cents)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// A new order's header, as checkout priced it.
#[derive(Debug, Clone)]
pub struct PricedOrder<'a> {
    pub id: Uuid,
    pub order_number: &'a str,
    pub user_id: Uuid,
    pub currency: &'a str,
    pub email: &'a str,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub coupon_code: Option<&'a str>,
    pub shipping_cents: i64,
    pub points_spent: i64,
    pub points_discount_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    /// The address as JSON.
    pub shipping_address: Option<String>,
    pub reserved_until: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// Writes a new order in `pending_payment`.
pub async fn insert_priced(tx: &mut Tx, o: &PricedOrder<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO orders (id, order_number, user_id, status, currency, email, subtotal_cents, discount_cents, \
         coupon_code, shipping_cents, points_spent, points_discount_cents, vat_cents, total_cents, shipping_address, \
         reserved_until, created_at, updated_at) \
         VALUES ($1, $2, $3, 'pending_payment', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)",
    )
    .bind(o.id)
    .bind(o.order_number)
    .bind(o.user_id)
    .bind(o.currency)
    .bind(o.email)
    .bind(o.subtotal_cents)
    .bind(o.discount_cents)
    .bind(o.coupon_code)
    .bind(o.shipping_cents)
    .bind(o.points_spent)
    .bind(o.points_discount_cents)
    .bind(o.vat_cents)
    .bind(o.total_cents)
    .bind(&o.shipping_address)
    .bind(o.reserved_until)
    .bind(o.created_at)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
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

/// One line of a new order: a copy of the cart line as it was bought.
#[derive(Debug, Clone)]
pub struct NewLine<'a> {
    pub order_id: Uuid,
    pub part_id: Uuid,
    pub line: &'a crate::cart::Line,
    pub position: i64,
}

pub async fn insert_line(tx: &mut Tx, n: &NewLine<'_>) -> DbResult<()> {
    let l = n.line;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO order_items (id, order_id, part_id, product_id, variation_id, vendor_id, product_name, \
         variation_name, size, color, product_type, image_url, unit_price_cents, quantity, line_total_cents, \
         stock_reserved, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(Uuid::now_v7())
    .bind(n.order_id)
    .bind(n.part_id)
    .bind(l.item.product_id)
    .bind(l.item.variation_id)
    .bind(l.item.vendor_id)
    .bind(&l.item.product_name)
    .bind(&l.item.variation_name)
    .bind(&l.size)
    .bind(&l.color)
    .bind(&l.item.product_type)
    .bind(&l.item.image_url)
    .bind(l.item.unit_price_cents)
    .bind(l.quantity)
    .bind(l.item.unit_price_cents * l.quantity)
    .bind(l.item.managed)
    .bind(n.position)
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
