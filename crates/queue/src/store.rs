//! The apalis tables: creating them, and what operators see of them.

use bazaar_db::Db;
use chrono::{DateTime, Utc};
use sqlx::Row;

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("no failed job with id {0}")]
    NotFailed(String),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error("job queue migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("job queue: {0}")]
    Sqlite(#[from] apalis_sqlite::Error),
    #[error("job queue: {0}")]
    Postgres(#[from] apalis_postgres::Error),
    #[error(transparent)]
    Db(#[from] bazaar_db::DbError),
}

/// Creates or updates the apalis tables. Their migration history is kept apart from ours
/// (`_apalis_migrations` on SQLite, `apalis._sqlx_migrations` on PostgreSQL) so neither
/// migrator mistakes the other's entries for its own. On PostgreSQL the apalis tables live
/// in the `apalis` schema, shared by everything using the database, and the extensions they
/// need are installed once into `public`.
pub async fn setup(db: &Db) -> Result<(), QueueError> {
    match db {
        Db::Sqlite(pool) => {
            let mut migrator = apalis_sqlite::SqliteStorage::<()>::migrations();
            migrator.dangerous_set_table_name("_apalis_migrations");
            migrator.run(pool).await?;
        }
        Db::Postgres(pool) => {
            let mut tx = pool.begin().await?;
            sqlx::query("SELECT pg_advisory_xact_lock(7204913360)")
                .execute(&mut *tx)
                .await?;
            for ext in ["hstore", "pgcrypto"] {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "CREATE EXTENSION IF NOT EXISTS {ext} SCHEMA public"
                )))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            let mut migrator = apalis_postgres::PostgresStorage::<()>::migrations();
            migrator.create_schema("apalis");
            migrator.dangerous_set_table_name("apalis._sqlx_migrations");
            migrator.run(pool).await?;
        }
    }
    Ok(())
}

/// A job that ran out of attempts (or was killed) and waits for an operator.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FailedJob {
    pub id: String,
    pub kind: String,
    pub attempts: i64,
    pub last_result: Option<String>,
    pub payload: serde_json::Value,
}

fn failed_job(id: String, job: Vec<u8>, attempts: i64, last_result: Option<String>) -> FailedJob {
    let payload: serde_json::Value =
        serde_json::from_slice(&job).unwrap_or(serde_json::Value::Null);
    let kind = payload["kind"].as_str().unwrap_or("unknown").to_owned();
    FailedJob {
        id,
        kind,
        attempts,
        last_result,
        payload,
    }
}

/// Jobs of `queue` that are out of attempts, newest first.
pub async fn failed(db: &Db, queue: &str) -> Result<Vec<FailedJob>, QueueError> {
    let jobs = match db {
        Db::Sqlite(pool) => sqlx::query(
            "SELECT id, job, attempts, CAST(last_result AS TEXT) AS last_result FROM Jobs \
             WHERE job_type = $1 AND (status = 'Killed' OR (status = 'Failed' AND attempts >= max_attempts)) \
             ORDER BY done_at DESC, id DESC",
        )
        .bind(queue)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| {
            Ok(failed_job(
                r.try_get("id")?,
                r.try_get("job")?,
                r.try_get("attempts")?,
                r.try_get("last_result")?,
            ))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?,
        Db::Postgres(pool) => sqlx::query(
            "SELECT id, job, attempts::BIGINT AS attempts, last_result::TEXT AS last_result FROM apalis.jobs \
             WHERE job_type = $1 AND (status = 'Killed' OR (status = 'Failed' AND attempts >= max_attempts)) \
             ORDER BY done_at DESC NULLS LAST, id DESC",
        )
        .bind(queue)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| {
            Ok(failed_job(
                r.try_get("id")?,
                r.try_get("job")?,
                r.try_get("attempts")?,
                r.try_get("last_result")?,
            ))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?,
    };
    Ok(jobs)
}

/// Puts a failed job back in the queue with fresh attempts.
pub async fn retry(db: &Db, queue: &str, id: &str) -> Result<(), QueueError> {
    let now = Utc::now().timestamp();
    let changed = match db {
        Db::Sqlite(pool) => sqlx::query(
            "UPDATE Jobs SET status = 'Pending', attempts = 0, lock_by = NULL, lock_at = NULL, \
             done_at = NULL, run_at = $1 WHERE id = $2 AND job_type = $3 AND status IN ('Failed', 'Killed')",
        )
        .bind(now)
        .bind(id)
        .bind(queue)
        .execute(pool)
        .await?
        .rows_affected(),
        Db::Postgres(pool) => sqlx::query(
            "UPDATE apalis.jobs SET status = 'Pending', attempts = 0, lock_by = NULL, lock_at = NULL, \
             done_at = NULL, run_at = now() WHERE id = $1 AND job_type = $2 AND status IN ('Failed', 'Killed')",
        )
        .bind(id)
        .bind(queue)
        .execute(pool)
        .await?
        .rows_affected(),
    };
    if changed == 0 {
        return Err(QueueError::NotFailed(id.to_owned()));
    }
    Ok(())
}

/// Counts of jobs in `queue` by status (for tests and the jobs command).
pub async fn counts(db: &Db, queue: &str) -> Result<Vec<(String, i64)>, QueueError> {
    let sql = match db {
        Db::Sqlite(_) => {
            "SELECT status, COUNT(*) AS n FROM Jobs WHERE job_type = $1 GROUP BY status ORDER BY status"
        }
        Db::Postgres(_) => {
            "SELECT status, COUNT(*) AS n FROM apalis.jobs WHERE job_type = $1 GROUP BY status ORDER BY status"
        }
    };
    let rows = bazaar_db::on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql))
        .bind(queue)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

/// Deletes finished jobs of `queue` older than `before` (housekeeping).
pub async fn prune_done(db: &Db, queue: &str, before: DateTime<Utc>) -> Result<u64, QueueError> {
    let n = match db {
        Db::Sqlite(pool) => {
            sqlx::query("DELETE FROM Jobs WHERE job_type = $1 AND status = 'Done' AND done_at < $2")
                .bind(queue)
                .bind(before.timestamp())
                .execute(pool)
                .await?
                .rows_affected()
        }
        Db::Postgres(pool) => sqlx::query(
            "DELETE FROM apalis.jobs WHERE job_type = $1 AND status = 'Done' AND done_at < $2",
        )
        .bind(queue)
        .bind(before)
        .execute(pool)
        .await?
        .rows_affected(),
    };
    Ok(n)
}
