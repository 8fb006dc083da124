//! Customer orders: the part the jobs need (who placed an order, its number, status and
//! total). Checkout, order lines and status transitions build on this table.

use bazaar_domain::order::OrderStatus;
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

mod parts;

pub use parts::*;

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

/// Moves an order awaiting payment to paid with the provider's reference and the points
/// it earned; false when it was no longer awaiting payment.
pub async fn mark_paid(
    tx: &mut Tx,
    id: Uuid,
    reference: Option<&str>,
    points_earned: i64,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE orders SET status = 'paid', paid_at = $2, payment_reference = $3, points_earned = $4, \
         reserved_until = NULL, updated_at = $2 WHERE id = $1 AND status = 'pending_payment'",
    )
    .bind(id)
    .bind(now)
    .bind(reference)
    .bind(points_earned)
    .execute(conn)
    .await?
    .rows_affected());
    Ok(n == 1)
}

/// Unpaid orders whose reservation ran out before `now`, oldest first, at most `limit`.
pub async fn reservations_run_out(db: &Db, now: DateTime<Utc>, limit: i64) -> DbResult<Vec<Uuid>> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM orders WHERE status = 'pending_payment' AND reserved_until < $1 \
         ORDER BY reserved_until LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(pool)
    .await?))
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

pub(crate) const LINE_COLUMNS: &str = "id, part_id, product_id, variation_id, vendor_id, product_name, variation_name, size, color, \
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
