//! Refunds admins issue on paid orders: one row each, with the lines and quantities they
//! cover and how the payment provider answered.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// A line and how many of it a refund covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefundedLine {
    pub item_id: Uuid,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Refund {
    pub id: Uuid,
    pub order_id: Uuid,
    pub part_id: Uuid,
    pub value_cents: i64,
    pub money_cents: i64,
    pub points_returned: i64,
    pub points_reversed: i64,
    pub lines: Json<Vec<RefundedLine>>,
    pub restocked: bool,
    pub reason: String,
    /// due (owed, not asked of the provider), requested, paid or failed.
    pub status: String,
    pub gateway_reference: Option<String>,
    pub gateway_message: Option<String>,
    pub actor_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, order_id, part_id, value_cents, money_cents, points_returned, points_reversed, lines, \
    restocked, reason, status, gateway_reference, gateway_message, actor_id, created_at, updated_at";

pub async fn insert(tx: &mut Tx, r: &Refund) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO order_refunds (id, order_id, part_id, value_cents, money_cents, points_returned, points_reversed, \
         lines, restocked, reason, status, gateway_reference, gateway_message, actor_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(r.id).bind(r.order_id).bind(r.part_id).bind(r.value_cents).bind(r.money_cents)
    .bind(r.points_returned).bind(r.points_reversed).bind(&r.lines).bind(r.restocked).bind(&r.reason)
    .bind(&r.status).bind(&r.gateway_reference).bind(&r.gateway_message).bind(r.actor_id)
    .bind(r.created_at).bind(r.updated_at)
    .execute(conn).await?.rows_affected());
    Ok(())
}

/// An order's refunds, oldest first.
pub async fn of_order(db: &Db, order_id: Uuid) -> DbResult<Vec<Refund>> {
    let sql =
        format!("SELECT {COLUMNS} FROM order_refunds WHERE order_id = $1 ORDER BY created_at, id");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Refund>(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_all(pool).await?),
    )
}

/// [`of_order`] inside a transaction.
pub async fn of_order_in(tx: &mut Tx, order_id: Uuid) -> DbResult<Vec<Refund>> {
    let sql =
        format!("SELECT {COLUMNS} FROM order_refunds WHERE order_id = $1 ORDER BY created_at, id");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Refund>(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_all(conn).await?),
    )
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<Refund>> {
    let sql = format!("SELECT {COLUMNS} FROM order_refunds WHERE id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Refund>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// Records how the provider answered a refund still `requested`; false when it had moved.
pub async fn settle(
    tx: &mut Tx,
    id: Uuid,
    status: &str,
    reference: Option<&str>,
    message: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE order_refunds SET status = $2, gateway_reference = $3, gateway_message = $4, updated_at = $5 \
         WHERE id = $1 AND status = 'requested'",
    )
    .bind(id).bind(status).bind(reference).bind(message).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(n == 1)
}

/// Asks again for a refund the provider refused (`failed` back to `requested`); false when
/// it is no longer failed.
pub async fn retry(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE order_refunds SET status = 'requested', updated_at = $2 WHERE id = $1 AND status = 'failed'",
    )
    .bind(id).bind(now).execute(conn).await?.rows_affected());
    Ok(n == 1)
}

/// Counts `quantity` more of a line as refunded, when no more than it holds; false when it
/// would go over.
pub async fn add_refunded_quantity(tx: &mut Tx, item_id: Uuid, quantity: i64) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE order_items SET refunded_quantity = refunded_quantity + $2 \
         WHERE id = $1 AND refunded_quantity + $2 <= quantity",
    )
    .bind(item_id).bind(quantity).execute(conn).await?.rows_affected());
    Ok(n == 1)
}
