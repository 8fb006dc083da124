//! Customer orders: the part the jobs need (who placed an order, its number, status and
//! total). Checkout, order lines and status transitions build on this table.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

pub const STATUSES: [&str; 6] = [
    "pending_payment",
    "paid",
    "processing",
    "shipped",
    "delivered",
    "cancelled",
];

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Order {
    pub id: Uuid,
    pub order_number: String,
    pub user_id: Uuid,
    pub status: String,
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
    pub status: &'a str,
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
    .bind(o.status)
    .bind(o.currency)
    .bind(o.total_cents)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))
    .map_err(crate::DbError::classify)?;
    Ok(id)
}
