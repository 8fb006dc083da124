//! The relay: moves outbox rows into the apalis queue.
//!
//! Each pass runs in one transaction that reads a batch of outbox rows, inserts them as
//! apalis tasks and deletes them, so a row is either still in the outbox or in the queue,
//! never both and never neither. On PostgreSQL the rows are locked with `SKIP LOCKED`, so
//! any number of relays (one per `serve` and `worker` process) share the work.

use std::time::Duration;

use apalis_core::task::builder::TaskBuilder;
use bazaar_db::Db;
use sqlx::Row;
use tokio::sync::watch;
use uuid::Uuid;

use crate::QueueError;

/// How many times a job runs before it is kept as failed (see `bazaar jobs failed`).
pub const MAX_ATTEMPTS: usize = 5;

const BATCH: i64 = 200;

/// Moves up to one batch of outbox rows into `queue`; returns how many moved.
pub async fn relay_once(db: &Db, queue: &str) -> Result<usize, QueueError> {
    match db {
        Db::Sqlite(pool) => {
            // IMMEDIATE takes the write lock up front, so two relays never deadlock
            // upgrading a read transaction.
            let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
            let rows = sqlx::query("SELECT id, job FROM outbox ORDER BY id LIMIT $1")
                .bind(BATCH)
                .fetch_all(&mut *tx)
                .await?;
            if rows.is_empty() {
                return Ok(0);
            }
            let (ids, tasks) = tasks(&rows)?;
            apalis_sqlite::queries::push_tasks(&mut *tx, queue, &tasks).await?;
            for id in &ids {
                sqlx::query("DELETE FROM outbox WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(ids.len())
        }
        Db::Postgres(pool) => {
            let mut tx = pool.begin().await?;
            let rows = sqlx::query(
                "SELECT id, job FROM outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
            )
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?;
            if rows.is_empty() {
                return Ok(0);
            }
            let (ids, tasks) = tasks(&rows)?;
            apalis_postgres::queries::push_tasks(&mut *tx, queue, tasks).await?;
            sqlx::query("DELETE FROM outbox WHERE id = ANY($1)")
                .bind(&ids)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(ids.len())
        }
    }
}

type Tasks = (Vec<Uuid>, Vec<apalis_core::task::Task<Vec<u8>>>);

fn tasks<R>(rows: &[R]) -> Result<Tasks, QueueError>
where
    R: Row,
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    for<'a> Uuid: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    for<'a> serde_json::Value: sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
{
    let mut ids = Vec::with_capacity(rows.len());
    let mut tasks = Vec::with_capacity(rows.len());
    for row in rows {
        let id: Uuid = row.try_get("id")?;
        let job: serde_json::Value = row.try_get("job")?;
        let bytes = serde_json::to_vec(&job).expect("JSON values serialise");
        tasks.push(TaskBuilder::new(bytes).max_attempts(MAX_ATTEMPTS).build());
        ids.push(id);
    }
    Ok((ids, tasks))
}

/// Runs the relay until `stop` turns true: drains the outbox, then waits `idle` before
/// looking again. Errors are logged and retried.
pub async fn run(db: Db, queue: String, idle: Duration, mut stop: watch::Receiver<bool>) {
    loop {
        match relay_once(&db, &queue).await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "outbox relay failed; retrying"),
        }
        tokio::select! {
            _ = tokio::time::sleep(idle) => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
    }
}
