//! Writing jobs in the caller's transaction.

use bazaar_db::changes::Change;
use bazaar_db::{DbResult, Tx, on_tx};
use chrono::Utc;
use uuid::Uuid;

use crate::Job;

/// Adds `job` to the outbox inside `tx`: it reaches the queue only if `tx` commits. The
/// index jobs also tell every process's caches, at commit, which products and stores changed.
pub async fn enqueue(tx: &mut Tx, job: &Job) -> DbResult<()> {
    match job {
        Job::IndexProducts { product_ids } => tx.changed(Change::Products {
            ids: product_ids.clone(),
        }),
        Job::IndexVendor { vendor_id } => tx.changed(Change::Vendor { id: *vendor_id }),
        _ => {}
    }
    let payload = serde_json::to_value(job).expect("jobs serialise");
    let (id, now) = (Uuid::now_v7(), Utc::now());
    on_tx!(tx, conn => sqlx::query("INSERT INTO outbox (id, job, created_at) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(&payload)
        .bind(now)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// [`enqueue`] for several jobs.
pub async fn enqueue_all(tx: &mut Tx, jobs: &[Job]) -> DbResult<()> {
    for job in jobs {
        enqueue(tx, job).await?;
    }
    Ok(())
}
