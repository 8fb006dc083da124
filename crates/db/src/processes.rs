//! What the processes of one shop share beyond the catalogue and orders: the ITNs the PayFast
//! simulator issued (so any `serve` can validate them) and the register of running `serve`
//! and `worker` processes with how each takes payments (so a mismatch is refused at start).

use chrono::{DateTime, Duration, Utc};

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// How long an issued simulator ITN can still be validated.
const SIMULATOR_ITN_DAYS: i64 = 7;

/// Records that the simulator issued the ITN whose parameter string hashes to `digest`, and
/// forgets those older than a week.
pub async fn remember_simulator_itn(db: &Db, digest: &str, now: DateTime<Utc>) -> DbResult<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO payfast_simulator_itns (digest, issued_at) VALUES ($1, $2) \
         ON CONFLICT (digest) DO NOTHING",
    )
    .bind(digest)
    .bind(now)
    .execute(pool)
    .await.map(|_| ()))?;
    on_db!(db, pool => sqlx::query("DELETE FROM payfast_simulator_itns WHERE issued_at < $1")
        .bind(now - Duration::days(SIMULATOR_ITN_DAYS))
        .execute(pool)
        .await.map(|_| ()))?;
    Ok(())
}

/// Whether the simulator issued the ITN whose parameter string hashes to `digest`.
pub async fn simulator_itn_issued(db: &Db, digest: &str) -> DbResult<bool> {
    let found = on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM payfast_simulator_itns WHERE digest = $1",
    )
    .bind(digest)
    .fetch_one(pool)
    .await)?;
    Ok(found > 0)
}

/// A `serve` or `worker` process in the register.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RunningProcess {
    /// Unique per process (the worker name).
    pub name: String,
    /// `serve` or `worker`.
    pub role: String,
    /// The machine it runs on, for messages.
    pub host: String,
    /// How it takes payments, in words (no secrets): "simulator", "sandbox, merchant 10000100".
    pub payments: String,
    /// A hash of every payment setting that must be the same in all processes.
    pub payments_fingerprint: String,
    pub started_at: DateTime<Utc>,
    pub seen_at: DateTime<Utc>,
}

const COLUMNS: &str = "name, role, host, payments, payments_fingerprint, started_at, seen_at";

/// Enters `me` in the register unless a process seen since `alive_since` takes payments
/// another way; that process is returned instead and nothing is written. Entries not seen
/// since `alive_since` (processes that died without leaving) are removed. One transaction,
/// serialised against other processes starting at the same moment.
pub async fn register(
    db: &Db,
    me: &RunningProcess,
    alive_since: DateTime<Utc>,
) -> DbResult<Option<RunningProcess>> {
    let mut tx = db.begin().await?;
    if let Tx::Postgres(t) = &mut tx {
        // Two processes starting together must not both see an empty register.
        sqlx::query("LOCK TABLE running_processes IN SHARE ROW EXCLUSIVE MODE")
            .execute(&mut ***t)
            .await?;
    }
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM running_processes WHERE seen_at < $1")
        .bind(alive_since)
        .execute(conn)
        .await.map(|_| ()))?;
    let other = on_tx!(&mut tx, conn => sqlx::query_as::<_, RunningProcess>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM running_processes \
         WHERE payments_fingerprint <> $1 AND name <> $2 ORDER BY started_at LIMIT 1"
    )))
    .bind(&me.payments_fingerprint)
    .bind(&me.name)
    .fetch_optional(conn)
    .await)?;
    if other.is_some() {
        tx.rollback().await?;
        return Ok(other);
    }
    upsert(&mut tx, me).await?;
    tx.commit().await?;
    Ok(None)
}

/// Refreshes `me`'s entry (entering it again if it was removed as stale meanwhile).
pub async fn heartbeat(db: &Db, me: &RunningProcess, now: DateTime<Utc>) -> DbResult<()> {
    let mut tx = db.begin().await?;
    upsert(
        &mut tx,
        &RunningProcess {
            seen_at: now,
            ..me.clone()
        },
    )
    .await?;
    tx.commit().await
}

/// Removes `name` from the register (a process leaving in good order).
pub async fn unregister(db: &Db, name: &str) -> DbResult<()> {
    on_db!(db, pool => sqlx::query("DELETE FROM running_processes WHERE name = $1")
        .bind(name)
        .execute(pool)
        .await.map(|_| ()))?;
    Ok(())
}

/// Every process in the register, oldest first.
pub async fn all(db: &Db) -> DbResult<Vec<RunningProcess>> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, RunningProcess>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM running_processes ORDER BY started_at, name"
    )))
    .fetch_all(pool)
    .await)?;
    Ok(rows)
}

async fn upsert(tx: &mut Tx, p: &RunningProcess) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO running_processes ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at, \
         payments = excluded.payments, payments_fingerprint = excluded.payments_fingerprint"
    )))
    .bind(&p.name)
    .bind(&p.role)
    .bind(&p.host)
    .bind(&p.payments)
    .bind(&p.payments_fingerprint)
    .bind(p.started_at)
    .bind(p.seen_at)
    .execute(conn)
    .await.map(|_| ()))?;
    Ok(())
}
