//! The housekeeping schedule. Every process running workers ticks it, and each
//! (task, period) pair is claimed by inserting a `schedule_runs` row in the transaction that
//! enqueues the job: the first process to claim a period enqueues it, the others find the
//! row and do nothing. So a schedule fires once per period however many workers run.

use std::time::Duration;

use bazaar_db::{Db, DbResult, Tx, on_tx};
use bazaar_queue::{Housekeeping, Job};
use chrono::Utc;
use tokio::sync::watch;

/// Claims the current period of every housekeeping task not yet claimed and enqueues it.
/// Returns the tasks this call enqueued.
pub async fn tick(db: &Db, now_secs: i64) -> DbResult<Vec<Housekeeping>> {
    let mut fired = Vec::new();
    for task in Housekeeping::ALL {
        let slot = now_secs.div_euclid(task.period_secs());
        let mut tx = db.begin().await?;
        if claim(&mut tx, task.name(), slot).await? {
            bazaar_queue::enqueue(&mut tx, &Job::Housekeeping { task, slot }).await?;
            tx.commit().await?;
            fired.push(task);
        } else {
            tx.rollback().await?;
        }
    }
    Ok(fired)
}

/// Forgets claims older than `before` (a claimed period never comes back).
pub async fn prune(db: &Db, before: chrono::DateTime<Utc>) -> DbResult<u64> {
    let n = bazaar_db::on_db!(db, pool => sqlx::query("DELETE FROM schedule_runs WHERE created_at < $1")
        .bind(before)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(n)
}

async fn claim(tx: &mut Tx, task: &str, slot: i64) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO schedule_runs (task, slot, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (task, slot) DO NOTHING",
    )
    .bind(task)
    .bind(slot)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Ticks the schedule every `every` until `stop` turns true.
pub async fn run(db: Db, every: Duration, mut stop: watch::Receiver<bool>) {
    loop {
        if let Err(err) = tick(&db, Utc::now().timestamp()).await {
            tracing::warn!(error = %err, "housekeeping schedule tick failed; retrying");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
    }
}
