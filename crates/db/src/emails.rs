//! Emails waiting to be sent by the send-email job, and the templates they use.
//!
//! A row is written in the transaction of the change that causes it (with a dedupe key, so
//! a retried job never queues the same email twice); the job renders and sends it and marks
//! it sent, which makes a repeated job a no-op.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct EmailRow {
    pub id: Uuid,
    pub to_address: String,
    pub template: String,
    pub context: serde_json::Value,
    pub status: String,
    pub sent_at: Option<DateTime<Utc>>,
}

/// Queues an email unless one with `dedupe_key` exists; returns the new row's id.
pub async fn queue(
    tx: &mut Tx,
    to: &str,
    template: &str,
    context: &serde_json::Value,
    dedupe_key: &str,
) -> DbResult<Option<Uuid>> {
    let id = Uuid::now_v7();
    let inserted = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO emails (id, to_address, template, context, status, dedupe_key, created_at) \
         VALUES ($1, $2, $3, $4, 'queued', $5, $6) ON CONFLICT (dedupe_key) DO NOTHING",
    )
    .bind(id)
    .bind(to)
    .bind(template)
    .bind(context)
    .bind(dedupe_key)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok((inserted == 1).then_some(id))
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<EmailRow>> {
    let row = on_db!(db, pool => sqlx::query_as::<_, EmailRow>(
        "SELECT id, to_address, template, context, status, sent_at FROM emails WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await)?;
    Ok(row)
}

pub async fn mark_sent(db: &Db, id: Uuid) -> DbResult<()> {
    on_db!(db, pool => sqlx::query("UPDATE emails SET status = 'sent', sent_at = $1 WHERE id = $2")
        .bind(Utc::now())
        .bind(id)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// A template as stored (the override of the default in the repository).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct StoredTemplate {
    pub key: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: Option<String>,
    /// When it was last saved: the version an editor saw.
    pub updated_at: DateTime<Utc>,
}

const TEMPLATE: &str = "SELECT key, subject, body_text, body_html, updated_at FROM email_templates";

pub async fn template(db: &Db, key: &str) -> DbResult<Option<StoredTemplate>> {
    let sql = format!("{TEMPLATE} WHERE key = $1");
    let row = on_db!(db, pool => sqlx::query_as::<_, StoredTemplate>(sqlx::AssertSqlSafe(sql))
        .bind(key)
        .fetch_optional(pool)
        .await)?;
    Ok(row)
}

/// [`template`] in a transaction.
pub async fn template_in(tx: &mut Tx, key: &str) -> DbResult<Option<StoredTemplate>> {
    let sql = format!("{TEMPLATE} WHERE key = $1");
    let row = on_tx!(tx, conn => sqlx::query_as::<_, StoredTemplate>(sqlx::AssertSqlSafe(sql))
        .bind(key)
        .fetch_optional(conn)
        .await)?;
    Ok(row)
}

/// Every stored template (the emails whose wording the shop changed).
pub async fn templates(db: &Db) -> DbResult<Vec<StoredTemplate>> {
    let sql = format!("{TEMPLATE} ORDER BY key");
    let rows = on_db!(db, pool => sqlx::query_as::<_, StoredTemplate>(sqlx::AssertSqlSafe(sql))
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

/// Stores `t` over the default or the earlier override of its key, whatever was there.
pub async fn save_template(db: &Db, t: &StoredTemplate) -> DbResult<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO email_templates (key, subject, body_text, body_html, updated_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (key) DO UPDATE SET subject = excluded.subject, body_text = excluded.body_text, \
         body_html = excluded.body_html, updated_at = excluded.updated_at",
    )
    .bind(&t.key)
    .bind(&t.subject)
    .bind(&t.body_text)
    .bind(&t.body_html)
    .bind(t.updated_at)
    .execute(pool)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Stores `t` if its key is still as the editor saw it: the override saved at `seen`, or
/// no override for `None`. `false` when another save came first.
pub async fn replace_template(
    tx: &mut Tx,
    t: &StoredTemplate,
    seen: Option<DateTime<Utc>>,
) -> DbResult<bool> {
    let written = match seen {
        None => on_tx!(tx, conn => sqlx::query(
            "INSERT INTO email_templates (key, subject, body_text, body_html, updated_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
        )
        .bind(&t.key)
        .bind(&t.subject)
        .bind(&t.body_text)
        .bind(&t.body_html)
        .bind(t.updated_at)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?,
        Some(seen) => on_tx!(tx, conn => sqlx::query(
            "UPDATE email_templates SET subject = $2, body_text = $3, body_html = $4, updated_at = $5 \
             WHERE key = $1 AND updated_at = $6",
        )
        .bind(&t.key)
        .bind(&t.subject)
        .bind(&t.body_text)
        .bind(&t.body_html)
        .bind(t.updated_at)
        .bind(seen)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?,
    };
    Ok(written == 1)
}

/// Removes the override of `key`, so its email uses the default again.
pub async fn delete_template(tx: &mut Tx, key: &str) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM email_templates WHERE key = $1")
        .bind(key)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}
