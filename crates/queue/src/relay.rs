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

use crate::{Job, QueueError};

/// How many times a job runs before it is kept as failed (see `bazaar jobs failed`).
pub const MAX_ATTEMPTS: usize = 5;

const BATCH: i64 = 200;

/// The most products one coalesced index job carries (one Meilisearch task).
pub const MAX_INDEX_BATCH: usize = 500;

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
    let mut jobs = Vec::with_capacity(rows.len());
    for row in rows {
        ids.push(row.try_get::<Uuid, _>("id")?);
        jobs.push(row.try_get::<serde_json::Value, _>("job")?);
    }
    let tasks = coalesce(jobs)
        .iter()
        .map(|job| {
            let bytes = serde_json::to_vec(job).expect("JSON values serialise");
            TaskBuilder::new(bytes).max_attempts(MAX_ATTEMPTS).build()
        })
        .collect();
    Ok((ids, tasks))
}

/// Merges the index jobs among `jobs` (in outbox order) into as few as possible, each
/// product once, so a burst of changes (an import writes one job per product) becomes a few
/// index writes of up to [`MAX_INDEX_BATCH`] products instead of one each. Indexing reads
/// each product's state when it runs, so one run stands for every change before it. Other
/// jobs pass through as they are, in order, and the merged index jobs come after them.
pub fn coalesce(jobs: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    let mut out = Vec::with_capacity(jobs.len());
    let mut products: Vec<Uuid> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for job in jobs {
        match serde_json::from_value::<Job>(job.clone()) {
            Ok(Job::IndexProducts { product_ids }) => {
                products.extend(product_ids.into_iter().filter(|id| seen.insert(*id)));
            }
            _ => out.push(job),
        }
    }
    for chunk in products.chunks(MAX_INDEX_BATCH) {
        let job = Job::IndexProducts {
            product_ids: chunk.to_vec(),
        };
        out.push(serde_json::to_value(&job).expect("jobs serialise"));
    }
    out
}

/// The channel the outbox's insert trigger notifies (PostgreSQL).
const WAKE_CHANNEL: &str = "bazaar_outbox";

/// Runs the relay until `stop` turns true: drains the outbox, then waits until new rows are
/// committed (PostgreSQL's notification) or `idle` has passed before looking again. Errors
/// are logged and retried.
pub async fn run(db: Db, queue: String, idle: Duration, mut stop: watch::Receiver<bool>) {
    let mut wake = Wake::start(&db).await;
    loop {
        match relay_once(&db, &queue).await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "outbox relay failed; retrying"),
        }
        tokio::select! {
            _ = tokio::time::sleep(idle) => {}
            () = wake.next() => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
    }
}

/// What wakes an idle relay before its next poll: on PostgreSQL a listener on
/// [`WAKE_CHANNEL`]; nothing on SQLite (one process writes and relays).
struct Wake(Option<sqlx::postgres::PgListener>);

impl Wake {
    async fn start(db: &Db) -> Self {
        let Db::Postgres(pool) = db else {
            return Self(None);
        };
        // A connection of its own, outside the pool (see `LiveBus::start`).
        let own = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect_lazy_with((*pool.connect_options()).clone());
        let listener = async {
            let mut listener = sqlx::postgres::PgListener::connect_with(&own).await?;
            listener.listen(WAKE_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        match listener.await {
            Ok(listener) => Self(Some(listener)),
            Err(err) => {
                tracing::warn!(error = %err, "the outbox relay cannot listen; it polls only");
                Self(None)
            }
        }
    }

    /// Returns when woken; never on SQLite. A lost connection is retried on the next call
    /// (the poll covers the gap).
    async fn next(&mut self) {
        match &mut self.0 {
            Some(listener) => {
                if let Err(err) = listener.recv().await {
                    tracing::debug!(error = %err, "the outbox relay's listener reconnects");
                    std::future::pending::<()>().await;
                }
            }
            None => std::future::pending().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn index(ids: &[u128]) -> serde_json::Value {
        serde_json::to_value(Job::IndexProducts {
            product_ids: ids.iter().map(|n| Uuid::from_u128(*n)).collect(),
        })
        .unwrap()
    }

    #[test]
    fn index_jobs_merge_with_each_product_once_and_others_pass_through() {
        let email = json!({"kind": "send_email", "email_id": Uuid::from_u128(9)});
        let out = coalesce(vec![
            index(&[1]),
            email.clone(),
            index(&[2, 1]),
            index(&[3]),
            index(&[2]),
        ]);
        assert_eq!(out, vec![email, index(&[1, 2, 3])]);
    }

    #[test]
    fn a_large_burst_is_split_into_batches() {
        let many: Vec<serde_json::Value> = (0..1_200u128).map(|n| index(&[n])).collect();
        let out = coalesce(many);
        assert_eq!(out.len(), 3);
        let sizes: Vec<usize> = out
            .iter()
            .map(
                |job| match serde_json::from_value::<Job>(job.clone()).unwrap() {
                    Job::IndexProducts { product_ids } => product_ids.len(),
                    other => panic!("unexpected {other:?}"),
                },
            )
            .collect();
        assert_eq!(sizes, vec![500, 500, 200]);
    }

    #[test]
    fn a_job_this_version_cannot_read_passes_through_untouched() {
        let unknown = json!({"kind": "from_the_future", "x": 1});
        assert_eq!(coalesce(vec![unknown.clone()]), vec![unknown]);
    }

    #[test]
    fn nothing_to_merge_is_nothing() {
        assert!(coalesce(Vec::new()).is_empty());
    }
}
