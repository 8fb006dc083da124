//! Notifications (SPEC.md §3–4, §7): one per order and status, one per move of a vendor
//! application; newest 50 kept.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// How many notifications a user keeps (SPEC.md §9).
pub const KEPT: i64 = 50;

/// The notification types, in the order an order moves through them.
pub const TYPES: [&str; 5] = [
    "order_confirmed",
    "processing",
    "shipped",
    "delivered",
    "cancelled",
];

/// The notification types about a vendor application.
pub const APPLICATION_TYPES: [&str; 3] = [
    "application_approved",
    "application_rejected",
    "application_changes_requested",
];

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Notification {
    pub id: Uuid,
    pub user_id: Uuid,
    /// The order it is about; `None` for notifications about something else.
    pub order_id: Option<Uuid>,
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub kind: String,
    pub title: String,
    pub message: String,
    pub read: bool,
    pub created_at: DateTime<Utc>,
    /// Where the site goes when the notification is opened.
    pub link: Option<String>,
}

const COLUMNS: &str = "id, user_id, order_id, type, title, message, read, created_at, link";

/// Serialises notification writes for one user until `tx` ends, so concurrent jobs keep
/// the newest-50 rule exactly. (SQLite transactions already run one at a time.)
pub async fn lock_user(tx: &mut Tx, user_id: Uuid) -> DbResult<()> {
    if let Tx::Postgres(conn) = tx {
        sqlx::query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE")
            .bind(user_id)
            .execute(&mut ***conn)
            .await?;
    }
    Ok(())
}

/// Inserts the notification unless the order already has one of this type; returns it when
/// it was new.
pub async fn insert_once(tx: &mut Tx, n: &Notification) -> DbResult<bool> {
    let inserted = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO order_notifications (id, user_id, order_id, type, title, message, read, created_at, link) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_id, type) WHERE dedupe_key IS NULL DO NOTHING",
    )
    .bind(n.id)
    .bind(n.user_id)
    .bind(n.order_id)
    .bind(&n.kind)
    .bind(&n.title)
    .bind(&n.message)
    .bind(n.read)
    .bind(n.created_at)
    .bind(&n.link)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(inserted == 1)
}

/// Inserts a notification that is not about an order, once per `dedupe_key`; returns
/// whether it was new.
pub async fn insert_keyed(tx: &mut Tx, n: &Notification, dedupe_key: &str) -> DbResult<bool> {
    let inserted = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO order_notifications (id, user_id, order_id, type, title, message, read, created_at, link, \
         dedupe_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (dedupe_key) DO NOTHING",
    )
    .bind(n.id)
    .bind(n.user_id)
    .bind(n.order_id)
    .bind(&n.kind)
    .bind(&n.title)
    .bind(&n.message)
    .bind(n.read)
    .bind(n.created_at)
    .bind(&n.link)
    .bind(dedupe_key)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(inserted == 1)
}

/// Deletes all but the user's newest [`KEPT`] notifications.
pub async fn trim(tx: &mut Tx, user_id: Uuid) -> DbResult<u64> {
    let n = on_tx!(tx, conn => sqlx::query(
        "DELETE FROM order_notifications WHERE user_id = $1 AND id NOT IN \
         (SELECT id FROM order_notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)",
    )
    .bind(user_id)
    .bind(KEPT)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n)
}

/// Trims every user's notifications to [`KEPT`] (housekeeping).
pub async fn trim_all(db: &Db) -> DbResult<u64> {
    let n = on_db!(db, pool => sqlx::query(
        "DELETE FROM order_notifications WHERE id IN (SELECT id FROM (\
         SELECT id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS rank \
         FROM order_notifications) ranked WHERE rank > $1)",
    )
    .bind(KEPT)
    .execute(pool)
    .await.map(|r| r.rows_affected()))?;
    Ok(n)
}

/// The user's notifications, newest first (at most [`KEPT`]).
pub async fn list(db: &Db, user_id: Uuid) -> DbResult<Vec<Notification>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM order_notifications WHERE user_id = $1 \
         ORDER BY created_at DESC, id DESC LIMIT $2"
    );
    let rows = on_db!(db, pool => sqlx::query_as::<_, Notification>(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(KEPT)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

pub async fn unread_count(db: &Db, user_id: Uuid) -> DbResult<i64> {
    let n = on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM order_notifications WHERE user_id = $1 AND read = FALSE",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await)?;
    Ok(n)
}

/// Marks one of the user's notifications read. `NotFound` when it is not theirs.
pub async fn mark_read(db: &Db, user_id: Uuid, id: Uuid) -> DbResult<Notification> {
    let sql = format!(
        "UPDATE order_notifications SET read = TRUE WHERE id = $1 AND user_id = $2 RETURNING {COLUMNS}"
    );
    // `fetch_all`, not `fetch_optional`: on SQLite an UPDATE … RETURNING outside a
    // transaction commits only when its statement runs to the end, and a statement left
    // after its first row can keep the change from the next request's connection.
    let rows = on_db!(db, pool => sqlx::query_as::<_, Notification>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(user_id)
        .fetch_all(pool)
        .await)?;
    rows.into_iter().next().ok_or(crate::DbError::NotFound)
}

/// Marks all the user's unread notifications read; returns how many changed.
pub async fn mark_all_read(db: &Db, user_id: Uuid) -> DbResult<u64> {
    let n = on_db!(db, pool => sqlx::query(
        "UPDATE order_notifications SET read = TRUE WHERE user_id = $1 AND read = FALSE",
    )
    .bind(user_id)
    .execute(pool)
    .await.map(|r| r.rows_affected()))?;
    Ok(n)
}
