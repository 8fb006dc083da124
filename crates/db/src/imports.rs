//! Uploaded product files (`product_imports`): the file's place in storage, where its job
//! has got to and what its latest phase reported. The flow is `bazaar_commerce::imports`.

use bazaar_domain::import::{ImportStatus, Phase};
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// An uploaded file with its progress, its store and who uploaded it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ImportRecord {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub store_slug: Option<String>,
    pub store_name: Option<String>,
    pub by_vendor: bool,
    pub file_name: String,
    pub file_key: String,
    pub format: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: ImportStatus,
    pub total: Option<i64>,
    pub done: i64,
    pub phase_started_at: Option<DateTime<Utc>>,
    pub check_summary: Option<Json<serde_json::Value>>,
    pub result_summary: Option<Json<serde_json::Value>>,
    pub error: Option<String>,
    pub rows: Json<serde_json::Value>,
    pub rows_total: i64,
    pub report_key: Option<String>,
    pub created_by: Option<String>,
    pub created_by_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

const SELECT: &str = "SELECT i.id, i.vendor_id, v.store_slug, v.store_name, i.by_vendor, \
     i.file_name, i.file_key, i.format, i.status, i.total, i.done, i.phase_started_at, \
     i.check_summary, i.result_summary, i.error, i.rows, i.rows_total, i.report_key, \
     u.email AS created_by, i.created_by AS created_by_id, i.created_at, i.finished_at \
     FROM product_imports i LEFT JOIN vendors v ON v.id = i.vendor_id \
     LEFT JOIN users u ON u.id = i.created_by";

/// A new upload, waiting for its check.
#[derive(Debug, Clone)]
pub struct NewImport<'a> {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub by_vendor: bool,
    pub file_name: &'a str,
    pub file_key: &'a str,
    pub format: Option<&'a str>,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
}

pub async fn insert(tx: &mut Tx, i: &NewImport<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO product_imports (id, vendor_id, by_vendor, file_name, file_key, format, \
         status, rows, created_by, created_at, phase_started_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'checking', $7, $8, $9, $9)",
    )
    .bind(i.id)
    .bind(i.vendor_id)
    .bind(i.by_vendor)
    .bind(i.file_name)
    .bind(i.file_key)
    .bind(i.format)
    .bind(Json(serde_json::json!([])))
    .bind(i.created_by)
    .bind(i.created_at)
    .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The upload `id`; with `vendor`, only when it is that store's own upload.
pub async fn get(db: &Db, id: Uuid, vendor: Option<Uuid>) -> DbResult<Option<ImportRecord>> {
    let sql = format!(
        "{SELECT} WHERE i.id = $1 AND ($2 = FALSE OR (i.vendor_id = $3 AND i.by_vendor = TRUE))"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ImportRecord>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(vendor.is_some())
        .bind(vendor.unwrap_or_default())
        .fetch_optional(pool)
        .await)?,
    )
}

/// The newest `limit` uploads: every one for admins, a store's own for its vendor.
pub async fn list(db: &Db, vendor: Option<Uuid>, limit: i64) -> DbResult<Vec<ImportRecord>> {
    let sql = format!(
        "{SELECT} WHERE ($1 = FALSE OR (i.vendor_id = $2 AND i.by_vendor = TRUE)) \
         ORDER BY i.created_at DESC, i.id DESC LIMIT $3"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ImportRecord>(sqlx::AssertSqlSafe(sql))
        .bind(vendor.is_some())
        .bind(vendor.unwrap_or_default())
        .bind(limit)
        .fetch_all(pool)
        .await)?,
    )
}

/// Moves the upload from `from` to `to` if it is still in `from`; answers whether it moved.
/// Starting a phase resets the progress.
pub async fn transition(
    tx: &mut Tx,
    id: Uuid,
    from: ImportStatus,
    to: ImportStatus,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let starts = to.phase().is_some();
    let moved = on_tx!(tx, conn => sqlx::query(
        "UPDATE product_imports SET status = $3, \
         done = CASE WHEN $4 THEN 0 ELSE done END, \
         phase_started_at = CASE WHEN $4 THEN $5 ELSE phase_started_at END \
         WHERE id = $1 AND status = $2",
    )
    .bind(id)
    .bind(from.as_str())
    .bind(to.as_str())
    .bind(starts)
    .bind(now)
    .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(moved == 1)
}

/// What the file turned out to be once read: its format and how many products it holds.
pub async fn set_read(db: &Db, id: Uuid, format: &str, total: i64) -> DbResult<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE product_imports SET format = $2, total = $3 WHERE id = $1",
    )
    .bind(id)
    .bind(format)
    .bind(total)
    .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// How many products the running phase has handled.
pub async fn set_progress(db: &Db, id: Uuid, done: i64) -> DbResult<()> {
    on_db!(db, pool => sqlx::query("UPDATE product_imports SET done = $2 WHERE id = $1")
        .bind(id)
        .bind(done)
        .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// What a finished phase reported.
#[derive(Debug, Clone)]
pub struct Finished<'a> {
    pub summary: serde_json::Value,
    /// The rows the page shows (at most a few hundred).
    pub rows: serde_json::Value,
    pub rows_total: i64,
    pub report_key: &'a str,
}

/// Ends `phase` with its report, if the upload is still in it (answers whether it was).
pub async fn finish(
    db: &Db,
    id: Uuid,
    phase: Phase,
    f: &Finished<'_>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let (from, column) = match phase {
        Phase::Check => (ImportStatus::Checking, "check_summary"),
        Phase::Import => (ImportStatus::Importing, "result_summary"),
    };
    let sql = format!(
        "UPDATE product_imports SET status = $3, {column} = $4, rows = $5, rows_total = $6, \
         report_key = $7, done = $6, finished_at = $8 WHERE id = $1 AND status = $2"
    );
    let moved = on_db!(db, pool => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(from.as_str())
        .bind(phase.finished().as_str())
        .bind(Json(&f.summary))
        .bind(Json(&f.rows))
        .bind(f.rows_total)
        .bind(f.report_key)
        .bind(now)
        .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(moved == 1)
}

/// Ends the upload as failed with why (a file that is not a product file).
pub async fn fail(db: &Db, id: Uuid, error: &str, now: DateTime<Utc>) -> DbResult<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE product_imports SET status = 'failed', error = $2, finished_at = $3 \
         WHERE id = $1 AND status IN ('checking', 'importing')",
    )
    .bind(id)
    .bind(error)
    .bind(now)
    .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}
