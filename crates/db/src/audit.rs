//! The admin audit log: every admin action, written in the transaction of the change.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// One admin action.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub actor_id: Uuid,
    pub actor_email: &'a str,
    /// What was done, as `subject.verb` (`vendor_application.approve`, `vendor.suspend`).
    pub action: &'a str,
    pub subject_type: &'a str,
    pub subject_id: String,
    pub details: serde_json::Value,
}

pub async fn record(tx: &mut Tx, e: &Entry<'_>, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO audit_log (id, actor_id, actor_email, action, subject_type, subject_id, details, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(Uuid::now_v7()).bind(e.actor_id).bind(e.actor_email).bind(e.action).bind(e.subject_type)
    .bind(&e.subject_id).bind(&e.details).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct EntryRow {
    pub id: Uuid,
    pub actor_id: Option<Uuid>,
    pub actor_email: String,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    pub details: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// The entries about one subject, newest first.
pub async fn of_subject(db: &Db, subject_type: &str, subject_id: &str) -> DbResult<Vec<EntryRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, EntryRow>(
        "SELECT id, actor_id, actor_email, action, subject_type, subject_id, details, created_at FROM audit_log \
         WHERE subject_type = $1 AND subject_id = $2 ORDER BY created_at DESC, id DESC",
    )
    .bind(subject_type).bind(subject_id).fetch_all(pool).await?))
}
