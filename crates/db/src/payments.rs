//! Payment notifications as received, for audit and for processing once: every ITN post is
//! kept with the address it came from and what became of it. A unique index lets one
//! notification per provider payment id be `accepted`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Notification {
    pub id: Uuid,
    pub provider: String,
    pub pf_payment_id: Option<String>,
    pub m_payment_id: Option<String>,
    pub order_id: Option<Uuid>,
    pub source_ip: String,
    /// The body exactly as posted.
    pub payload: String,
    /// received, accepted, rejected or duplicate.
    pub status: String,
    pub reason: Option<String>,
    pub received_at: DateTime<Utc>,
    pub processed_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, provider, pf_payment_id, m_payment_id, order_id, source_ip, payload, status, reason, \
     received_at, processed_at";

/// A notification as it arrived.
pub struct Received<'a> {
    pub provider: &'a str,
    pub pf_payment_id: Option<&'a str>,
    pub m_payment_id: Option<&'a str>,
    pub order_id: Option<Uuid>,
    pub source_ip: &'a str,
    pub payload: &'a str,
    /// `received` to process later, or `rejected` with a reason when it failed at the door.
    pub status: &'a str,
    pub reason: Option<&'a str>,
}

pub async fn record(tx: &mut Tx, r: &Received<'_>) -> DbResult<Uuid> {
    let (id, now) = (Uuid::now_v7(), Utc::now());
    let processed = (r.status != "received").then_some(now);
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO payment_notifications (id, provider, pf_payment_id, m_payment_id, order_id, source_ip, payload, \
         status, reason, received_at, processed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(id)
    .bind(r.provider)
    .bind(r.pf_payment_id)
    .bind(r.m_payment_id)
    .bind(r.order_id)
    .bind(r.source_ip)
    .bind(r.payload)
    .bind(r.status)
    .bind(r.reason)
    .bind(now)
    .bind(processed)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(id)
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<Notification>> {
    let sql = format!("SELECT {COLUMNS} FROM payment_notifications WHERE id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Notification>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

/// Whether a notification with this provider payment id was already accepted.
pub async fn accepted_exists(tx: &mut Tx, provider: &str, pf_payment_id: &str) -> DbResult<bool> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM payment_notifications WHERE provider = $1 AND pf_payment_id = $2 AND status = 'accepted'",
    )
    .bind(provider)
    .bind(pf_payment_id)
    .fetch_one(conn)
    .await)?
        > 0)
}

/// Settles a notification still `received`: accepted, rejected or duplicate, with why.
/// False when it was settled already (a job that runs twice).
pub async fn settle(tx: &mut Tx, id: Uuid, status: &str, reason: Option<&str>) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE payment_notifications SET status = $2, reason = $3, processed_at = $4 WHERE id = $1 AND status = 'received'",
    )
    .bind(id)
    .bind(status)
    .bind(reason)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Every notification about one order, oldest first.
pub async fn for_order(db: &Db, order_id: Uuid) -> DbResult<Vec<Notification>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM payment_notifications WHERE order_id = $1 ORDER BY received_at, id"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Notification>(sqlx::AssertSqlSafe(sql))
        .bind(order_id)
        .fetch_all(pool)
        .await)?,
    )
}
